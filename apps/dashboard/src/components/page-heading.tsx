import { theme } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';

// A page has one h1. A list page embedded in another page (the school page's classes, teachers and students tabs)
// keeps its title, one level down, so a screen reader's outline still reads school > list.
const EmbeddedContext = createContext(false);

/** Renders its children as a section of the page around them: their PageHeading becomes an h2. */
export function EmbeddedPage({ children }: { children: ReactNode }) {
  return <EmbeddedContext.Provider value>{children}</EmbeddedContext.Provider>;
}

/** A page's title: h1 on its own route, h2 inside an EmbeddedPage. */
export function PageHeading({ children, id }: { children: ReactNode; id?: string }) {
  const { token } = theme.useToken();
  const embedded = useContext(EmbeddedContext);
  const Tag = embedded ? 'h2' : 'h1';
  return (
    <Tag id={id} style={{ fontSize: embedded ? token.fontSizeHeading3 : token.fontSizeHeading2, margin: 0 }}>
      {children}
    </Tag>
  );
}
