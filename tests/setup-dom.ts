import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { MotionGlobalConfig } from 'motion/react';
import { afterEach } from 'vitest';

// Motion's own advice for jsdom: skip animations rather than mocking the library.
MotionGlobalConfig.skipAnimations = true;

afterEach(() => {
  cleanup();
});
