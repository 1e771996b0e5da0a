import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

// A real OpenID provider for the SSO settings' connection test (DESIGN.md 1, "test servers"): oidc-provider on a
// random loopback port with one confidential client. With clientCredentials it offers that grant (the test asks it
// for a token); without it, like Google, the test sends a made-up code and reads invalid_grant / invalid_client.

export interface SsoConfigIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startSsoConfigIssuer(
  opts: { clientCredentials?: boolean; clientId?: string; clientSecret?: string } = {},
): Promise<SsoConfigIssuer> {
  const clientId = opts.clientId ?? 'aula-sso-client';
  const clientSecret = opts.clientSecret ?? 'aula-sso-secret-0123456789';
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: ['http://127.0.0.1/oauth/2'],
        grant_types: opts.clientCredentials ? ['authorization_code', 'client_credentials'] : ['authorization_code'],
        response_types: ['code'],
      },
    ],
    features: { clientCredentials: { enabled: opts.clientCredentials === true } },
  });
  const callback = provider.callback();
  handler = (req, res) => void callback(req, res);
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
