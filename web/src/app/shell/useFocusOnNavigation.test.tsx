import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, Navigate, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetActions, useFocusOnNavigation } from './useFocusOnNavigation';

function Layout() {
  useFocusOnNavigation();
  return (
    <main tabIndex={-1}>
      <Outlet />
    </main>
  );
}

/** A page whose heading comes a moment later, as a lazy screen's or one waiting for its data does. */
function Later() {
  const [ready, setReady] = useState(false);
  return ready ? <h1>Arrivata</h1> : <button type="button" onClick={() => setReady(true)} aria-label="pronta" hidden />;
}

function Home() {
  return (
    <>
      <h1>Casa</h1>
      <Link to="/a">Vai</Link>
      <input aria-label="Campo" />
    </>
  );
}

function PageA() {
  return (
    <section>
      <h1>Pagina A</h1>
      <Link to="/">Torna</Link>
    </section>
  );
}

function renderApp(start = '/') {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/a', element: <PageA /> },
          { path: '/later', element: <Later /> },
          { path: '/sent-on', element: <Navigate to="/a" replace /> },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const focused = () => document.activeElement;

beforeEach(() => forgetActions());
afterEach(() => cleanup());

/** A frame, twice: what the hook would have done by then is done. */
async function frames(): Promise<void> {
  for (let i = 0; i < 2; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('the focus after a navigation', () => {
  it('leaves the first page of the visit as the browser starts it', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Casa' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focused()).toBe(document.body);
  });

  it("puts it on the new page's heading after a link and after Back, made focusable from script only", async () => {
    const router = renderApp();
    const link = await screen.findByRole('link', { name: 'Vai' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Pagina A' });
    await waitFor(() => expect(focused()).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    await act(() => router.navigate(-1));
    const home = await screen.findByRole('heading', { name: 'Casa' });
    await waitFor(() => expect(focused()).toBe(home));
  });

  it('waits for a heading that arrives later', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Casa' });
    await act(() => router.navigate('/later'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focused()).toBe(document.body);
    fireEvent.click(screen.getByLabelText('pronta', { selector: 'button' }));
    const heading = await screen.findByRole('heading', { name: 'Arrivata' });
    await waitFor(() => expect(focused()).toBe(heading));
  });

  it('leaves a first page that a redirect replaced on the way in as the browser starts it', async () => {
    renderApp('/sent-on');
    await screen.findByRole('heading', { name: 'Pagina A' });
    await frames();
    expect(focused()).toBe(document.body);
  });

  it('moves on a replacing navigation once the person has acted (a sign-in that moves on)', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Casa' });
    fireEvent.keyDown(window, { key: 'Enter' });
    await act(() => router.navigate('/a', { replace: true }));
    const heading = await screen.findByRole('heading', { name: 'Pagina A' });
    await waitFor(() => expect(focused()).toBe(heading));
  });

  it('stays put when only the query of the same page changes (tabs, the login mode)', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Casa' });
    fireEvent.pointerDown(window);
    await act(() => router.navigate('/?tab=2', { replace: true }));
    await act(() => router.navigate('/?tab=3'));
    await frames();
    expect(focused()).toBe(document.body);
  });

  it('never takes the focus from what the person moved it to', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Casa' });
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/'));
    const field = screen.getByLabelText('Campo');
    field.focus();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(focused()).toBe(field);
  });
});
