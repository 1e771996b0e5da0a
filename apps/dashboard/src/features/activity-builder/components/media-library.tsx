import { MEDIA_TYPES, type MediaItem, type MediaType } from '@aula/domain/activity-content';
import { useT } from '@aula/web/lib/i18n.ts';
import { App, Button, Flex, Input, List, Modal, Select, Tabs, Typography, Upload } from 'antd';
import { useId, useState } from 'react';
import type { ParsedMedia } from '../activity-builder.types';
import {
  useCreateMediaMutation,
  useListSensorsQuery,
  useParseMediaUrlMutation,
  useSearchMediaQuery,
  useUploadMediaMutation,
} from '../api';

// The media library (issue 4, item 10): search what the caller may use, upload an image (jpeg, png or jpg, one at
// a time, 001 section 5), or add media by URL (the server recognises YouTube, Vimeo, PhET, Tuva, CODAP, PDF and
// other iframes through /media/parse; Vernier labs need their sensors).

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'];

/** A hosted video's source kind by its address (HLS playlist, DASH manifest or MP4 file). */
export function hostedSource(url: string): 'hls' | 'dash' | 'mp4' | null {
  let path: string;
  try {
    path = new URL(url).pathname.toLowerCase();
  } catch {
    return null;
  }
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mpd')) return 'dash';
  if (path.endsWith('.mp4')) return 'mp4';
  return null;
}

/**
 * What to create from a recognised URL. The server recognises videos, simulations, PDFs and iframes; a Vernier lab
 * is an iframe the block asked for, and a hosted video is an iframe address of an HLS, DASH or MP4 source.
 */
export function mediaKindFor(parsed: ParsedMedia, wanted: MediaType | undefined): MediaType {
  if (parsed.type !== 'iframe') return parsed.type;
  if (wanted === 'vernier') return 'vernier';
  if ((wanted === undefined || wanted === 'video') && hostedSource(parsed.location)) return 'video';
  return parsed.type;
}

export function MediaLibrary({
  open,
  type,
  onClose,
  onPick,
}: {
  open: boolean;
  /** only this kind (when a block of a media type asks) */
  type?: MediaType | undefined;
  onClose: () => void;
  onPick: (media: MediaItem) => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const uid = useId();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<MediaType | undefined>(type);
  const [page, setPage] = useState(1);
  const effectiveType = type ?? kind;
  const { data, isFetching } = useSearchMediaQuery(
    { ...(effectiveType ? { type: effectiveType } : {}), ...(search ? { search } : {}), page },
    { skip: !open },
  );
  const [upload, { isLoading: uploading }] = useUploadMediaMutation();
  const uploadKind = type === 'pdf' ? 'pdf' : 'image';
  const [parse, { isLoading: parsing }] = useParseMediaUrlMutation();
  const [create, { isLoading: creating }] = useCreateMediaMutation();
  const { data: sensors = [] } = useListSensorsQuery(undefined, { skip: !open });
  const [url, setUrl] = useState('');
  const [parsed, setParsed] = useState<ParsedMedia | null>(null);
  const [title, setTitle] = useState('');
  const [sensorIds, setSensorIds] = useState<number[]>([]);

  const pick = (media: MediaItem) => {
    onPick(media);
    onClose();
  };

  const check = async () => {
    setParsed(null);
    const result = await parse(url.trim()).unwrap();
    setParsed(result);
    setTitle(result.title);
  };

  const createKind = parsed ? mediaKindFor(parsed, type) : undefined;
  const add = async () => {
    if (!parsed || !createKind) return;
    const source = hostedSource(parsed.location);
    const media = await create({
      type: createKind,
      title: title.trim() || parsed.title,
      location: parsed.location,
      ...(createKind === 'vernier' ? { sensor_ids: sensorIds } : {}),
      ...(createKind === 'video' && source ? { stored: [{ type: source, src: parsed.location }] } : {}),
    }).unwrap();
    setUrl('');
    setParsed(null);
    pick(media);
  };

  const library = (
    <Flex vertical gap="small">
      <Flex gap="small" wrap role="search" aria-label={t('dashboard.builder.media.searchLabel')}>
        <Input.Search
          allowClear
          aria-label={t('dashboard.builder.media.search')}
          placeholder={t('dashboard.builder.media.search')}
          onSearch={(v) => {
            setSearch(v);
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        {!type && (
          <Select
            allowClear
            aria-label={t('dashboard.builder.media.type')}
            placeholder={t('dashboard.builder.media.type')}
            style={{ width: 160 }}
            value={kind}
            onChange={(v: MediaType | undefined) => {
              setKind(v);
              setPage(1);
            }}
            options={MEDIA_TYPES.map((m) => ({ value: m, label: t(`dashboard.builder.mediaTypes.${m}`) }))}
          />
        )}
      </Flex>
      <List<MediaItem>
        loading={isFetching}
        dataSource={data?.data ?? []}
        locale={{ emptyText: t('dashboard.builder.media.empty') }}
        pagination={
          data && data.meta.total > data.meta.per_page
            ? { current: page, pageSize: data.meta.per_page, total: data.meta.total, onChange: setPage }
            : false
        }
        renderItem={(m) => (
          <List.Item
            actions={[
              <Button
                key="use"
                size="small"
                type="primary"
                onClick={() => pick(m)}
                aria-label={t('dashboard.builder.media.useOf', { title: m.title })}
              >
                {t('dashboard.builder.media.use')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={
                m.images ? (
                  <img src={m.images.small} alt="" width={48} height={48} style={{ objectFit: 'cover' }} />
                ) : null
              }
              title={m.title}
              description={t(`dashboard.builder.mediaTypes.${m.type}`)}
            />
          </List.Item>
        )}
      />
    </Flex>
  );

  const uploadTab = (
    <Upload.Dragger
      accept={uploadKind === 'pdf' ? '.pdf,application/pdf' : '.jpeg,.jpg,.png,image/jpeg,image/png'}
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={uploading}
      beforeUpload={(file) => {
        const ok = uploadKind === 'pdf' ? file.type === 'application/pdf' : IMAGE_TYPES.includes(file.type);
        if (!ok) {
          void message.error(
            uploadKind === 'pdf'
              ? t('dashboard.builder.media.notPdf', { file: file.name })
              : t('dashboard.builder.media.notImage'),
          );
          return Upload.LIST_IGNORE;
        }
        void upload({ file, kind: uploadKind })
          .unwrap()
          .then(pick)
          .catch(() => undefined);
        return false;
      }}
    >
      <p>
        {uploading
          ? t('dashboard.builder.media.uploading')
          : uploadKind === 'pdf'
            ? t('dashboard.builder.media.uploadPdfHint')
            : t('dashboard.builder.media.uploadHint')}
      </p>
    </Upload.Dragger>
  );

  const urlTab = (
    <Flex vertical gap="small">
      <label htmlFor={`${uid}-media-url`}>{t('dashboard.builder.media.url')}</label>
      <Flex gap="small">
        <Input
          id={`${uid}-media-url`}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          onPressEnter={() => void check().catch(() => undefined)}
        />
        <Button loading={parsing} disabled={!url.trim()} onClick={() => void check().catch(() => undefined)}>
          {t('dashboard.builder.media.check')}
        </Button>
      </Flex>
      {parsed && (
        <Flex vertical gap="small">
          <Typography.Text>
            {t('dashboard.builder.media.recognised', {
              type: t(`dashboard.builder.mediaTypes.${createKind ?? parsed.type}`),
            })}
          </Typography.Text>
          <label htmlFor={`${uid}-media-title`}>{t('dashboard.builder.media.title')}</label>
          <Input id={`${uid}-media-title`} value={title} maxLength={255} onChange={(e) => setTitle(e.target.value)} />
          {type && createKind !== type && (
            <Typography.Text role="alert" style={{ color: '#a8071a' }}>
              {t('dashboard.builder.media.wrongKind', {
                wanted: t(`dashboard.builder.mediaTypes.${type}`),
              })}
            </Typography.Text>
          )}
          {createKind === 'vernier' && (
            <>
              <label htmlFor={`${uid}-media-sensors`}>{t('dashboard.builder.media.sensors')}</label>
              <Select
                id={`${uid}-media-sensors`}
                mode="multiple"
                value={sensorIds}
                onChange={setSensorIds}
                options={sensors.map((s) => ({ value: s.id, label: s.name }))}
              />
            </>
          )}
          <Button
            type="primary"
            loading={creating}
            disabled={(createKind === 'vernier' && sensorIds.length === 0) || (!!type && createKind !== type)}
            onClick={() => void add().catch(() => undefined)}
          >
            {t('dashboard.builder.media.add')}
          </Button>
        </Flex>
      )}
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={t('dashboard.builder.media.libraryTitle')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Tabs
        items={[
          { key: 'library', label: t('dashboard.builder.media.library'), children: library },
          ...(!type || type === 'image' || type === 'pdf'
            ? [
                {
                  key: 'upload',
                  label: type === 'pdf' ? t('dashboard.builder.media.uploadPdf') : t('dashboard.builder.media.upload'),
                  children: uploadTab,
                },
              ]
            : []),
          ...(type !== 'image' ? [{ key: 'url', label: t('dashboard.builder.media.byUrl'), children: urlTab }] : []),
        ]}
      />
    </Modal>
  );
}
