import type { MediaItem, MediaType, ScreenBody } from '@aula/domain/activity-content';
import { api } from '@aula/web/lib/api.ts';
import { freeze } from '@reduxjs/toolkit';
import type {
  Activity,
  ActivityFilters,
  ActivityInput,
  ActivityListOf,
  ActivityVersion,
  BuilderContent,
  Folder,
  NamedRow,
  Paged,
  ParsedMedia,
  RenderablePreview,
  Screen,
  StandardRow,
} from './activity-builder.types';

// The activity builder's calls (issue 4's agreed API table). Everything is under /dashboard with snake_case bodies;
// single rows come as { data }, lists as { data, meta }.

const D = '/dashboard';
const data = <T>(response: { data: T }) => response.data;
/**
 * For the large answers that go straight to the renderer (a preview of 60 screens is thousands of objects): the root
 * frozen before it enters the store, so Immer does not walk the whole answer to freeze it again (Immer's own advice
 * for big JSON). Nothing changes the answer afterwards; in development the store's immutability check still would
 * catch it.
 */
const frozenData = <T extends object>(response: { data: T }) => freeze(response.data);

const withTags = api.enhanceEndpoints({
  addTagTypes: ['Activity', 'ActivityFolder', 'BuilderContent', 'Media', 'Tag'],
});

export const activityBuilderApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    // Catalogue
    /**
     * Builders see drafts too (ab-list) and the archive; viewers the published list; `of` asks for the view-only
     * list under an account, school, teacher or admin.
     */
    listBuilderActivities: build.query<
      Paged<Activity>,
      ActivityFilters & { archived?: boolean; viewer?: boolean; of?: ActivityListOf }
    >({
      query: ({ archived, viewer, of, ...filters }) => ({
        url: of
          ? `${D}/${of.scope}/${of.id}/activities`
          : `${D}/activities/${archived ? 'archive' : viewer ? 'list' : 'ab-list'}`,
        method: 'POST',
        body: filters,
      }),
      providesTags: ['Activity'],
    }),
    getActivity: build.query<Activity, number>({
      query: (id) => `${D}/activities/${id}`,
      transformResponse: data<Activity>,
      providesTags: (_r, _e, id) => [{ type: 'Activity', id }],
    }),
    createActivity: build.mutation<Activity, ActivityInput>({
      query: (body) => ({ url: `${D}/activities`, method: 'POST', body }),
      transformResponse: data<Activity>,
      invalidatesTags: ['Activity', 'ActivityFolder'],
    }),
    updateActivity: build.mutation<Activity, { id: number } & Partial<ActivityInput>>({
      query: ({ id, ...body }) => ({ url: `${D}/activities/${id}`, method: 'PUT', body }),
      transformResponse: data<Activity>,
      // the builder header shows the saved row at once (no flash of the old title before the refetch)
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data: saved } = await queryFulfilled;
          void dispatch(activityBuilderApi.util.upsertQueryData('getActivity', id, saved));
        } catch {
          // toasted by the shared handler
        }
      },
      invalidatesTags: ['Activity'],
    }),
    deleteActivity: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/activities/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Activity', 'ActivityFolder'],
    }),
    archiveActivity: build.mutation<void, { id: number; archived: boolean }>({
      query: ({ id, archived }) => ({
        url: `${D}/activities/${id}/${archived ? 'archive' : 'unarchive'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Activity', 'ActivityFolder'],
    }),
    duplicateActivity: build.mutation<Activity, number>({
      query: (id) => ({ url: `${D}/activities/${id}/duplicate`, method: 'POST' }),
      transformResponse: data<Activity>,
      invalidatesTags: ['Activity', 'ActivityFolder'],
    }),
    setFavorite: build.mutation<void, { id: number; favorite: boolean }>({
      query: ({ id, favorite }) => ({ url: `${D}/activities/${id}/favorites`, method: favorite ? 'POST' : 'DELETE' }),
      // the star turns at once; the list refetch confirms it
      async onQueryStarted({ id, favorite }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const patches = activityBuilderApi.util
          .selectInvalidatedBy(lifecycle.getState(), ['Activity'])
          .filter((q) => q.endpointName === 'listBuilderActivities')
          .map((q) =>
            dispatch(
              activityBuilderApi.util.updateQueryData(
                'listBuilderActivities',
                q.originalArgs as ActivityFilters,
                (draft) => {
                  const row = draft.data.find((a) => a.id === id);
                  if (row) row.favorite = favorite;
                },
              ),
            ),
          );
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Activity', id }],
    }),
    importActivity: build.mutation<Activity, { document: unknown; folder_id?: number; domain_id?: number }>({
      query: (body) => ({ url: `${D}/activities/import`, method: 'POST', body }),
      transformResponse: data<Activity>,
      invalidatesTags: ['Activity', 'ActivityFolder'],
    }),

    // Filters and header lists
    listTags: build.query<{ id: number; name: string }[], void>({
      query: () => `${D}/tags`,
      transformResponse: data<{ id: number; name: string }[]>,
      providesTags: ['Tag'],
    }),
    createTags: build.mutation<unknown, string[]>({
      query: (tags) => ({ url: `${D}/tags`, method: 'POST', body: { tags } }),
      invalidatesTags: ['Tag'],
    }),
    listStandards: build.query<StandardRow[], void>({
      query: () => `${D}/standards`,
      transformResponse: data<StandardRow[]>,
    }),
    listProductNames: build.query<NamedRow[], void>({
      query: () => `${D}/products`,
      transformResponse: data<NamedRow[]>,
    }),

    /** 202: a job copies them into the folder and then notifies ('activity-clone-bulk-completed'). */
    cloneBulk: build.mutation<void, { activity_ids: number[]; target_folder_id: number }>({
      query: (body) => ({ url: `${D}/activities/clone-bulk`, method: 'POST', body }),
    }),

    // Folders
    listFolders: build.query<Folder[], { archived?: boolean }>({
      query: (filters) => ({ url: `${D}/activities/folders/list`, method: 'POST', body: { filters } }),
      transformResponse: data<Folder[]>,
      providesTags: ['ActivityFolder'],
    }),
    createFolder: build.mutation<Folder, { title: string; folder_id?: number | null }>({
      query: (body) => ({ url: `${D}/activities/folders`, method: 'POST', body }),
      transformResponse: data<Folder>,
      invalidatesTags: ['ActivityFolder'],
    }),
    renameFolder: build.mutation<Folder, { id: number; title: string }>({
      query: ({ id, title }) => ({ url: `${D}/activities/folders/${id}`, method: 'PUT', body: { title } }),
      transformResponse: data<Folder>,
      invalidatesTags: ['ActivityFolder'],
    }),
    deleteFolder: build.mutation<void, number>({
      query: (id) => ({ url: `${D}/activities/folders/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ActivityFolder', 'Activity'],
    }),
    addToFolder: build.mutation<void, { activityId: number; folderId: number }>({
      query: ({ activityId, folderId }) => ({
        url: `${D}/activities/${activityId}/folders`,
        method: 'POST',
        body: { folder_id: folderId },
      }),
      invalidatesTags: ['ActivityFolder', 'Activity'],
    }),
    /** Files the activity in the target folder, replacing its folder in the target's tree (POST folders/set). */
    moveToFolder: build.mutation<
      { moved: number; activity_ids: number[] },
      { activityId: number; folderId: number; productId: number | null; archived: boolean }
    >({
      query: ({ activityId, folderId, productId, archived }) => ({
        url: `${D}/activities/folders/set`,
        method: 'POST',
        body: { target_folder_id: folderId, product_id: productId, filter: { activity_id: activityId, archived } },
      }),
      transformResponse: data<{ moved: number; activity_ids: number[] }>,
      invalidatesTags: ['ActivityFolder', 'Activity'],
    }),
    removeFromFolder: build.mutation<void, { activityId: number; folderId: number }>({
      query: ({ activityId, folderId }) => ({
        url: `${D}/activities/${activityId}/folders/${folderId}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['ActivityFolder', 'Activity'],
    }),

    // Screens and versions
    getBuilderContent: build.query<BuilderContent, number>({
      query: (id) => `${D}/activities/${id}/screens`,
      transformResponse: data<BuilderContent>,
      providesTags: (_r, _e, id) => [{ type: 'BuilderContent', id }],
    }),
    /** The draft as it is now, ready for the renderer (builders). */
    getLivePreview: build.query<RenderablePreview, number>({
      query: (id) => `${D}/activities/${id}/live-preview`,
      transformResponse: frozenData<RenderablePreview>,
      providesTags: (_r, _e, id) => [{ type: 'BuilderContent', id }],
    }),
    /** The published version, ready for the renderer (everyone who may view activities). */
    getPublishedPreview: build.query<RenderablePreview, number>({
      query: (id) => `${D}/activities/${id}/published-preview`,
      transformResponse: frozenData<RenderablePreview>,
      providesTags: (_r, _e, id) => [{ type: 'Activity', id }],
    }),
    createScreen: build.mutation<Screen, { activityId: number; after_screen_id?: number; section?: number }>({
      query: ({ activityId, ...body }) => ({ url: `${D}/activities/${activityId}/screens`, method: 'POST', body }),
      transformResponse: data<Screen>,
    }),
    saveScreen: build.mutation<Screen, { screenId: number } & ScreenBody>({
      query: ({ screenId, ...body }) => ({ url: `${D}/screens/${screenId}`, method: 'PUT', body }),
      transformResponse: data<Screen>,
    }),
    deleteScreen: build.mutation<void, number>({
      query: (screenId) => ({ url: `${D}/screens/${screenId}`, method: 'DELETE' }),
    }),
    saveScreenOrder: build.mutation<unknown, { activityId: number; screens: { screen_id: number; section: number }[] }>(
      {
        query: ({ activityId, screens }) => ({
          url: `${D}/activities/${activityId}/screens/order`,
          method: 'PUT',
          body: { screens },
        }),
      },
    ),
    duplicateScreens: build.mutation<Screen[], number[]>({
      query: (screen_ids) => ({ url: `${D}/screens/duplicate`, method: 'POST', body: { screen_ids } }),
      transformResponse: data<Screen[]>,
    }),
    /** Copies (clone) or followers (link) of another activity's screens, created in `activityId`. */
    screensInto: build.mutation<Screen[], { mode: 'clone' | 'link'; activityId: number; screenIds: number[] }>({
      query: ({ mode, activityId, screenIds }) => ({
        url: `${D}/screens/${mode}`,
        method: 'POST',
        body: { activity_id: activityId, screen_ids: screenIds },
      }),
      transformResponse: data<Screen[]>,
      // the source activities' screens now list these links
      invalidatesTags: ['BuilderContent'],
    }),
    /** 001 section 4's three unlink cases: no target (keep), a target (keep), a target with delete_targets. */
    disconnectScreens: build.mutation<
      { source: Screen; affected: number[] },
      { source: number; target?: number; delete_targets?: boolean }
    >({
      query: (body) => ({ url: `${D}/screens/disconnect`, method: 'POST', body }),
      transformResponse: data<{ source: Screen; affected: number[] }>,
      invalidatesTags: ['BuilderContent', 'Activity'],
    }),
    newIds: build.mutation<{ questions: number[]; options: number[] }, { questions: number; options: number }>({
      query: (body) => ({ url: `${D}/activity-builder/ids`, method: 'POST', body }),
      transformResponse: data<{ questions: number[]; options: number[] }>,
    }),
    createVersion: build.mutation<ActivityVersion, { activityId: number; title?: string; note?: string }>({
      query: ({ activityId, ...body }) => ({ url: `${D}/activities/${activityId}/versions`, method: 'POST', body }),
      transformResponse: data<ActivityVersion>,
      invalidatesTags: (_r, _e, { activityId }) => [{ type: 'BuilderContent', id: activityId }],
    }),
    loadVersion: build.mutation<unknown, { activityId: number; versionId: number }>({
      query: ({ activityId, versionId }) => ({
        url: `${D}/activities/${activityId}/versions/${versionId}/load`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { activityId }) => [{ type: 'BuilderContent', id: activityId }],
    }),
    publishVersion: build.mutation<unknown, { activityId: number; versionId: number; force: boolean }>({
      query: ({ activityId, versionId, force }) => ({
        url: `${D}/activities/${activityId}/publish`,
        method: 'POST',
        body: { version_id: versionId, options: { force } },
      }),
      invalidatesTags: (_r, _e, { activityId }) => [
        { type: 'BuilderContent', id: activityId },
        { type: 'Activity', id: activityId },
        'Activity',
      ],
    }),
    scheduleVersion: build.mutation<unknown, { activityId: number; versionId: number; publishAt: string }>({
      query: ({ activityId, versionId, publishAt }) => ({
        url: `${D}/activities/${activityId}/schedule`,
        method: 'POST',
        body: { version_id: versionId, publish_at: publishAt },
      }),
      invalidatesTags: (_r, _e, { activityId }) => [
        { type: 'BuilderContent', id: activityId },
        { type: 'Activity', id: activityId },
      ],
    }),
    unschedule: build.mutation<unknown, number>({
      query: (activityId) => ({ url: `${D}/activities/${activityId}/schedule`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, activityId) => [
        { type: 'BuilderContent', id: activityId },
        { type: 'Activity', id: activityId },
      ],
    }),

    // Media library
    searchMedia: build.query<Paged<MediaItem>, { type?: MediaType; search?: string; page?: number }>({
      query: (body) => ({ url: `${D}/media/search`, method: 'POST', body }),
      providesTags: ['Media'],
    }),
    /** An image (resized by the server) or a PDF, one file at a time. */
    uploadMedia: build.mutation<MediaItem, { file: File; kind: 'image' | 'pdf' }>({
      query: ({ file, kind }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `${D}/media/upload`, method: 'POST', params: { kind }, body };
      },
      transformResponse: data<MediaItem>,
      invalidatesTags: ['Media'],
    }),
    parseMediaUrl: build.mutation<ParsedMedia, string>({
      query: (url) => ({ url: `${D}/media/parse`, method: 'POST', body: { url } }),
      transformResponse: data<ParsedMedia>,
    }),
    createMedia: build.mutation<MediaItem, { type: MediaType; title: string; location: string; sensor_ids?: number[] }>(
      {
        query: (body) => ({ url: `${D}/media`, method: 'POST', body }),
        transformResponse: data<MediaItem>,
        invalidatesTags: ['Media'],
      },
    ),
    listSensors: build.query<{ id: number; name: string }[], void>({
      query: () => ({ url: `${D}/sensors/list`, method: 'POST', body: {} }),
      transformResponse: data<{ id: number; name: string }[]>,
    }),
  }),
});

export const {
  useListBuilderActivitiesQuery,
  useGetActivityQuery,
  useCreateActivityMutation,
  useUpdateActivityMutation,
  useDeleteActivityMutation,
  useArchiveActivityMutation,
  useDuplicateActivityMutation,
  useSetFavoriteMutation,
  useImportActivityMutation,
  useListTagsQuery,
  useCreateTagsMutation,
  useListStandardsQuery,
  useListProductNamesQuery,
  useListFoldersQuery,
  useCreateFolderMutation,
  useRenameFolderMutation,
  useDeleteFolderMutation,
  useAddToFolderMutation,
  useRemoveFromFolderMutation,
  useMoveToFolderMutation,
  useCloneBulkMutation,
  useScreensIntoMutation,
  useDisconnectScreensMutation,
  useGetBuilderContentQuery,
  useGetLivePreviewQuery,
  useGetPublishedPreviewQuery,
  useCreateScreenMutation,
  useSaveScreenMutation,
  useDeleteScreenMutation,
  useSaveScreenOrderMutation,
  useDuplicateScreensMutation,
  useNewIdsMutation,
  useCreateVersionMutation,
  useLoadVersionMutation,
  usePublishVersionMutation,
  useScheduleVersionMutation,
  useUnscheduleMutation,
  useSearchMediaQuery,
  useUploadMediaMutation,
  useParseMediaUrlMutation,
  useCreateMediaMutation,
  useListSensorsQuery,
} = activityBuilderApi;
