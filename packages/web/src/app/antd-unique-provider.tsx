import { lazy, Suspense, type PropsWithChildren } from 'react';

// AntD's ConfigProvider imports the tooltip's UniqueProvider (with @rc-component/trigger, about 9 KB gzip) for
// `tooltip={{ unique: true }}`, which Aula does not set: it would be part of every app's first screen for nothing. The
// build hands ConfigProvider this stand-in instead (vite-config.ts, `lazyAntdUniqueProvider`), which loads the real
// one only if it is ever rendered. Tooltips themselves bring the trigger with them.
const RealUniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

export default function UniqueProvider({ children }: PropsWithChildren) {
  return (
    <Suspense fallback={null}>
      <RealUniqueProvider>{children}</RealUniqueProvider>
    </Suspense>
  );
}
