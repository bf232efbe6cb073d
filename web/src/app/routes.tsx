import { Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui/PageLoader';
import { GuestOnly, ProfileRedirect, RequireAuth, RequireRole } from './guards';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteError } from './pages/RouteError';
import { RootLayout, type RouteHandle } from './shell/RootLayout';
import { ShellLayout } from './shell/ShellLayout';

/**
 * The route table. Each feature's screens are listed in its own block and loaded lazily, so a
 * feature adds its routes here and nowhere else. A route is registered only when its screen exists.
 */

// home: the visitor's start page (the questionnaire feature extends it with its states).
const homeRoutes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      {
        index: true,
        handle: { title: 'title.home' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/home/components/HomePage')).HomePage }),
      },
    ],
  },
  // The questionnaire lives inside the home page: its old addresses always lead there.
  { path: 'questionnaire', element: <Navigate to="/" replace /> },
  { path: 'questionnaire/results', element: <Navigate to="/" replace /> },
];

// legal
const legalRoutes: RouteObject[] = [
  {
    path: 'privacy',
    handle: { title: 'title.privacy' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/legal/components/PrivacyPage')).PrivacyPage }),
  },
];

// designers (issue 5): registration, the public portfolio and profile, the designer's dashboard.
const designerRoutes: RouteObject[] = [
  {
    path: 'designer-registration',
    handle: { title: 'title.designerRegistration' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/designers/components/DesignerRegistration')).DesignerRegistration }),
  },
  {
    path: 'designer/:id',
    handle: { title: 'title.designerPortfolio' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/DesignerPortfolioPage')).DesignerPortfolioPage }),
  },
  {
    path: 'profile/:id',
    handle: { title: 'title.designerProfile' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/DesignerProfilePage')).DesignerProfilePage }),
  },
  {
    // Visitors see the dashboard's own "Accesso negato" panel; signed-in non-designers are turned away.
    element: <RequireRole role="designer" visitors="page" />,
    children: [
      {
        path: 'designer-profile',
        handle: { title: 'title.designerDashboard' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/DesignerDashboardPage')).DesignerDashboardPage }),
      },
    ],
  },
  // The not-found panels link to /home, which is the home page.
  { path: 'home', element: <Navigate to="/" replace /> },
];

// scheduling: the appointments page the e-mails link to, and booking links for one designer.
const schedulingRoutes: RouteObject[] = [
  {
    path: 'appuntamenti',
    handle: { title: 'title.appointments' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/AppointmentsPage')).AppointmentsPage }),
  },
  {
    path: 'appuntamenti/prenota/:designerId',
    handle: { title: 'title.booking' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./pages/BookingPage')).BookingPage }),
  },
];

// sync (offline): what this device still has to send, with retry and discard.
const syncRoutes: RouteObject[] = [
  {
    path: 'sincronizzazione',
    handle: { title: 'title.sync' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/sync/components/SyncPage')).SyncPage }),
  },
];

// admin (issue 9): the admin panel and the remove-designer screen, lazy-loaded, admins only.
const adminRoutes: RouteObject[] = [
  {
    element: <RequireRole role="admin" />,
    children: [
      {
        path: 'admin',
        handle: { title: 'title.admin' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/admin/components/AdminPage')).AdminPage }),
      },
      {
        path: 'remove-designer',
        handle: { title: 'title.removeDesigner' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/admin/components/RemoveDesignerPage')).RemoveDesignerPage }),
      },
    ],
  },
];

// accounts (issue 3): login and registration, password reset, the role redirect, the customer profile.
const accountRoutes: RouteObject[] = [
  {
    path: 'login',
    handle: { title: 'title.login' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage')).LoginPage }),
  },
  {
    path: 'request-password-reset',
    handle: { title: 'title.requestPasswordReset' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/auth/components/PasswordResetRequestPage')).PasswordResetRequestPage }),
  },
  {
    path: 'reset-password',
    handle: { title: 'title.resetPassword' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage }),
  },
  {
    element: <RequireAuth />,
    children: [
      { path: 'profile', element: <ProfileRedirect /> },
      {
        path: 'user-profile',
        handle: { title: 'title.userProfile' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./pages/UserProfilePage')).UserProfilePage }),
      },
    ],
  },
];

// landing: full-bleed, without top bar and footer.
const bareRoutes: RouteObject[] = [
  {
    path: 'landing',
    handle: { title: 'title.landing' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/landing/components/LandingPage')).LandingPage }),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      ...bareRoutes,
      {
        element: <ShellLayout />,
        errorElement: <RouteError />,
        children: [
          ...homeRoutes,
          ...legalRoutes,
          ...designerRoutes,
          ...schedulingRoutes,
          ...syncRoutes,
          ...adminRoutes,
          ...accountRoutes,
          { path: '*', handle: { title: 'title.notFound' } satisfies RouteHandle, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
