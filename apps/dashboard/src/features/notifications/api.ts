import { api } from '@aula/web/lib/api.ts';
import type { AppNotification, NotificationList } from './notification.types';

/** The newest page of the bell's list. */
export const NOTIFICATIONS_PAGE = { page: 1, per_page: 20 } as const;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationList, void>({
      query: () => ({ url: '/dashboard/notifications/list', method: 'POST', body: NOTIFICATIONS_PAGE }),
      providesTags: ['Notification'],
    }),
    readNotification: build.mutation<AppNotification, string>({
      query: (id) => ({ url: `/dashboard/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      transformResponse: (response: { data: AppNotification }) => response.data,
      // unread -> read at once; the server's answer confirms it
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('listNotifications', undefined, (draft) => {
            const hit = draft.data.find((n) => n.id === id);
            if (hit && hit.status === 'unread') {
              hit.status = 'read';
              hit.read_at = new Date().toISOString();
              draft.meta.unread = Math.max(0, draft.meta.unread - 1);
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    readAllNotifications: build.mutation<{ updated: number }, void>({
      query: () => ({ url: '/dashboard/notifications/read-all', method: 'POST' }),
      transformResponse: (response: { data: { updated: number } }) => response.data,
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useListNotificationsQuery, useReadNotificationMutation, useReadAllNotificationsMutation } =
  notificationsApi;
