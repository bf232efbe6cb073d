// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { preloadMap } from './preload-map.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/index.css'],
    assets: [
      'assets/sans-latin-core-wght-normal-A0.woff2',
      'assets/sans-latin-wght-normal-A1.woff2',
      'assets/sans-latin-ext-wght-normal-B2.woff2',
      'assets/logo.svg',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js', css: ['assets/index.css'] },
  '_widget.js': { file: 'assets/widget.js', imports: ['_vendor.js'], css: ['assets/widget.css'] },
  'src/Home.tsx': { file: 'assets/Home.js', imports: ['_widget.js', 'index.html'], css: ['assets/Home.css'], dynamicImports: ['src/Chat.tsx'] },
  'src/Chat.tsx': { file: 'assets/Chat.js' },
};

describe('preloadMap', () => {
  it('lists the first fonts (the latin cores, not the files behind them), then the route styles and modules that index.html does not load already', () => {
    const [home] = preloadMap(manifest, [{ path: '/', label: 'home', modules: ['src/Home.tsx'], budget: 1 }]);
    expect(home).toEqual({
      path: '/',
      links: [
        { href: '/assets/sans-latin-core-wght-normal-A0.woff2', rel: 'preload', as: 'font', type: 'font/woff2' },
        { href: '/assets/Home.css', rel: 'preload', as: 'style' },
        { href: '/assets/widget.css', rel: 'preload', as: 'style' },
        { href: '/assets/Home.js', rel: 'modulepreload' },
        { href: '/assets/widget.js', rel: 'modulepreload' },
      ],
    });
  });

  it('finds the fonts on whichever chunk of the entry carries its stylesheet', () => {
    const split = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js'] },
      '_shell.js': {
        file: 'assets/shell.js',
        css: ['assets/shell.css'],
        assets: ['assets/serif-latin-core-wght-normal-C3.woff2', 'assets/serif-cyrillic-wght-normal-D4.woff2'],
      },
      'src/Home.tsx': { file: 'assets/Home.js', imports: ['_shell.js'] },
    };
    const [home] = preloadMap(split, [{ path: '/', label: 'home', modules: ['src/Home.tsx'], budget: 1 }]);
    expect(home?.links).toEqual([
      { href: '/assets/serif-latin-core-wght-normal-C3.woff2', rel: 'preload', as: 'font', type: 'font/woff2' },
      { href: '/assets/Home.js', rel: 'modulepreload' },
    ]);
  });
});
