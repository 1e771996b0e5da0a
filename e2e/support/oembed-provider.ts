import { createServer, type Server } from 'node:http';

/**
 * A local oEmbed provider for the journeys (issue 4: media lookups never reach the internet in tests). It answers
 * GET /youtube and /vimeo with a title and thumbnail for any video URL, as YouTube's and Vimeo's endpoints do.
 */
export async function startOEmbedProvider(host: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', `http://${host}`);
    const provider = u.pathname.slice(1);
    const video = u.searchParams.get('url');
    if (!video || (provider !== 'youtube' && provider !== 'vimeo')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        type: 'video',
        version: '1.0',
        title: `${provider === 'youtube' ? 'YouTube' : 'Vimeo'} journey video`,
        provider_name: provider,
        thumbnail_url: `http://${host}/thumbnail.jpg`,
        html: '<iframe></iframe>',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
