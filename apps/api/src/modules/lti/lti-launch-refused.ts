/** A refused LTI launch: the page says `lti.launch.<key>`; framed by `frameOrigin` when the platform is known. */
export class LtiLaunchRefused extends Error {
  constructor(
    readonly key: string,
    readonly frameOrigin: string | null = null,
    readonly status: 400 | 403 = 400,
  ) {
    super(key);
  }
}
