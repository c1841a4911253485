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

// The story stops playback at key moments by default (`src/story/StoryBar.tsx`); the explainer's
// other component tests play straight through, as a learner who turned the stops off. The story's
// own tests (`tests/components/story.test.tsx`) clear this first.
localStorage.setItem('fencing-lab:story-stops', 'off');
