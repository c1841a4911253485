import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadMarks } from '../src/views/timeline/Timeline';

afterEach(() => {
  cleanup();
});

// The timeline's marks are their own chunk in the app, loaded as it first renders
// (`src/views/timeline/Marks.tsx`, issue 7); tests read them from the first render on.
await loadMarks();
