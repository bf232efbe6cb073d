import { startEarlyAnswer } from '../shared/api/earlyAnswer';

// Imported first by main.tsx and a chunk of its own (vite.config.ts), so that it runs before the
// libraries and the app's modules are evaluated: the first screen's answer is on its way meanwhile.
startEarlyAnswer(window.location.pathname);
