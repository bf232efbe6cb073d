import { shareOneBrowser } from './browser';

// setupFiles of the e2e and screenshot configurations: runs at the top of every test file, so each
// file's journeys share one Chromium process, each journey in a fresh context of its own.
shareOneBrowser();
