// tldraw 5 needs a licence key in a production build served over https (without one it hides the canvas a few
// seconds after mounting). The key is server configuration (TLDRAW_LICENSE_KEY), so one build runs anywhere: each
// app reads it from its runtime configuration at start and sets it here; the drawing editor passes it to tldraw.
let licenseKey: string | undefined;

export function setTldrawLicenseKey(key: string | null | undefined): void {
  licenseKey = key?.trim() || undefined;
}

export function tldrawLicenseKey(): string | undefined {
  return licenseKey;
}
