import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/session-actions';
import { clearStoredToken, readStoredToken } from '../../lib/token-storage';
import type { Policy } from '@aula/domain/permissions';
import type { MyInfo, SessionUser, UserSetting } from './auth.types';
import { EMPTY_POLICY, policyFromMy } from './policy';

export interface AuthState {
  token: string | null;
  /** Whether the token belongs in localStorage (remember me) or sessionStorage. */
  remember: boolean;
  user: SessionUser | null;
  permissions: string[];
  actions: string[];
  settings: UserSetting[];
  organizationIds: number[];
  /** What the user may open (from /my), for the route guards and the navigation. */
  policy: Policy;
  /** 'user' when the user chose to sign out, so the next sign-in does not return to their last page. */
  endedBy: 'user' | null;
}

/** The part of the store the auth selectors read (the store, app/store.ts, mounts this slice as `auth`). */
export interface AuthRootState {
  auth: AuthState;
}

const signedOutState: AuthState = {
  token: null,
  remember: false,
  user: null,
  permissions: [],
  actions: [],
  settings: [],
  organizationIds: [],
  policy: EMPTY_POLICY,
  endedBy: null,
};

function loadInitialState(): AuthState {
  // 001 section 4: a token in the URL (single sign-on return) replaces whatever was stored.
  if (new URLSearchParams(window.location.search).has('token')) {
    clearStoredToken();
    return signedOutState;
  }
  const stored = readStoredToken();
  return stored ? { ...signedOutState, token: stored.token, remember: stored.remember } : signedOutState;
}

/**
 * `authApi.endpoints.getMy.matchFulfilled` without importing the API slice: the slice and its listeners are part of
 * the sign-in page, which does not load RTK Query (docs/performance-front-end.md). RTK Query names a query's answer
 * `<reducerPath>/executeQuery/fulfilled` with the endpoint in `meta.arg`; auth.slice.test.ts checks this against the
 * real endpoint's matcher.
 */
export function isMyLoaded(action: UnknownAction): action is PayloadAction<MyInfo> {
  if (action.type !== 'api/executeQuery/fulfilled') return false;
  const { meta } = action as { meta?: { arg?: { endpointName?: unknown } } };
  return meta?.arg?.endpointName === 'getMy';
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: loadInitialState,
  reducers: {
    signedOut: () => ({ ...signedOutState, endedBy: 'user' as const }),
    /** A new session: the sign-in form's (sign-in-calls.ts), a single sign-on return's, the redirect page's. */
    sessionStarted: (_state, { payload }: PayloadAction<{ token: string; remember: boolean }>) => ({
      ...signedOutState,
      token: payload.token,
      remember: payload.remember,
    }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionRejected, () => signedOutState)
      // signing in (sign-in-calls.ts) starts the session with sessionStarted
      .addMatcher(isMyLoaded, (state, { payload }) => {
        state.user = payload.user;
        state.permissions = payload.permissions;
        state.actions = payload.actions;
        state.settings = payload.settings;
        state.organizationIds = payload.organizations.map((o) => o.id);
        state.policy = policyFromMy(payload.policies);
      });
  },
});

export const { signedOut, sessionStarted } = authSlice.actions;

export const selectToken = (state: AuthRootState) => state.auth.token;
export const selectCurrentUser = (state: AuthRootState) => state.auth.user;
export const selectPolicy = (state: AuthRootState) => state.auth.policy;
export const selectOrganizationIds = (state: AuthRootState) => state.auth.organizationIds;
export const selectActions = (state: AuthRootState) => state.auth.actions;
export const selectSettings = (state: AuthRootState) => state.auth.settings;
export const selectSessionEndedBy = (state: AuthRootState) => state.auth.endedBy;
/** 001 section 3: logged in means a stored token plus a role. */
export const selectIsSignedIn = (state: AuthRootState) =>
  state.auth.token !== null && state.auth.user?.role !== undefined;
