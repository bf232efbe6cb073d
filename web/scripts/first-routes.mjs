// @ts-check
// The first routes of a visit: the screen module each loads (as the route table in
// web/src/app/routes.tsx imports it lazily) and its JavaScript budget (issue 16: guests 150 kB,
// signed-in pages 200 kB of gzip). Two tools read this table: the bundle budget
// (bundle-budget.mjs) and the preload map (preload-map.mjs), which the Go server turns into
// Link headers so the browser fetches a route's code with the page instead of after it.

/** 1 kB = 1000 bytes, as Vite prints sizes. */
export const KB = 1000;

/** @typedef {{ path: string, label: string, modules: string[], budget: number }} Route */

/** @type {Route[]} */
export const ROUTES = [
  { path: '/', label: 'guest home', modules: ['src/features/home/components/HomePage.tsx'], budget: 150 * KB },
  { path: '/profile/{id}', label: 'designer profile', modules: ['src/app/pages/DesignerProfilePage.tsx'], budget: 150 * KB },
  { path: '/login', label: 'login', modules: ['src/features/auth/components/LoginPage.tsx'], budget: 150 * KB },
  { path: '/user-profile', label: 'customer profile (signed in)', modules: ['src/app/pages/UserProfilePage.tsx'], budget: 200 * KB },
  { path: '/designer-profile', label: 'designer dashboard (signed in)', modules: ['src/app/pages/DesignerDashboardPage.tsx'], budget: 200 * KB },
];

/**
 * Code no first route may load before it renders (issue 16: "Dexie and the outbox loaded after
 * first paint; the quiz and reading pages must not wait for IndexedDB"): the Dexie vendor chunk
 * (vite.config.ts names it) loads with the offline runtime once the page has painted. A chunk file
 * matching one of these in a first route fails the budget whatever the bytes.
 * @type {RegExp[]}
 */
export const AFTER_FIRST_PAINT = [/(^|\/)dexie-[\w-]+\.js$/];

/**
 * Fonts every page paints its first text with (the core of the Latin subsets of the two variable
 * fonts, web/scripts/fonts.mjs); other subsets load only when a page uses their characters.
 */
export const FIRST_FONTS = /-latin-core-wght-normal-[\w-]+\.woff2$/;
