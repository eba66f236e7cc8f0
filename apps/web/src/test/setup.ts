import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
});

// An unexpected console.error in a test is a bug (React warnings included): fail loudly.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${String(args[0])}`);
};
