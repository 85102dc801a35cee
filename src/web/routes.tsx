/**
 * Every screen and its address. Screens load lazily, one chunk each, so the first page only carries
 * the shell; a screen a user may not use shows a short notice instead.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { Guard } from './shell/Guard';
import Home from './shell/Home';
import type { Access } from './shell/session';
import { Shell } from './shell/Shell';

const UserLogin = lazy(() => import('../modules/users/UserLogin'));
const TwoFactorCheck = lazy(() => import('../modules/users/TwoFactorCheck'));
const UserManager = lazy(() => import('../modules/users/UserManager'));
const EditUser = lazy(() => import('../modules/users/EditUser'));
const Profile = lazy(() => import('../modules/users/Profile'));
const EditApiKey = lazy(() => import('../modules/users/EditApiKey'));
const SandboxAccessManager = lazy(() => import('../modules/access/SandboxAccessManager'));
const LocationManager = lazy(() => import('../modules/locations/LocationManager'));
const LocationEdit = lazy(() => import('../modules/locations/LocationEdit'));
const LocationServiceEdit = lazy(() => import('../modules/locations/LocationServiceEdit'));
const EmployeeManager = lazy(() => import('../modules/employees/EmployeeManager'));
const Outbox = lazy(() => import('../modules/outbox/Outbox'));
const PhoneManager = lazy(() => import('../modules/phones/PhoneManager'));
const CallManager = lazy(() => import('../modules/phones/CallManager'));
const LiveCalls = lazy(() => import('../modules/phones/LiveCalls'));
const CallActivity = lazy(() => import('../modules/phones/CallActivity'));
const PhoneActionManager = lazy(() => import('../modules/phones/PhoneActionManager'));
const NotFound = lazy(() => import('./shell/NotFound'));

const guarded = (access: Access, screen: ReactNode) => <Guard access={access}>{screen}</Guard>;

function Root() {
  return (
    <Suspense fallback={<Center h="100vh"><Loader aria-label="Loading" /></Center>}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <UserLogin /> },
      { path: '/2fa', element: <TwoFactorCheck /> },
      {
        path: '/',
        element: <Shell />,
        children: [
          { index: true, element: <Home /> },
          { path: 'users', element: guarded('userAdmin', <UserManager />) },
          { path: 'users/edit', element: guarded('userAdmin', <EditUser />) },
          { path: 'access', element: guarded('accessAdmin', <SandboxAccessManager />) },
          { path: 'locations', element: <LocationManager /> },
          { path: 'locations/edit', element: <LocationEdit /> },
          { path: 'locations/service', element: <LocationServiceEdit /> },
          { path: 'employees', element: <EmployeeManager /> },
          { path: 'settings/api-key', element: guarded('developer', <EditApiKey />) },
          { path: 'profile', element: <Profile /> },
          { path: 'outbox', element: guarded('developer', <Outbox />) },
          { path: 'phones', element: guarded('phoneLookup', <PhoneManager />) },
          { path: 'phones/calls', element: guarded('phoneLookup', <CallManager />) },
          { path: 'phones/calls/twilio', element: guarded('phoneLookup', <LiveCalls />) },
          { path: 'phones/activity', element: guarded('phoneLookup', <CallActivity />) },
          { path: 'phones/actions', element: guarded('phoneLookup', <PhoneActionManager />) },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);
