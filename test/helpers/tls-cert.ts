import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCertificate { certFile: string; keyFile: string; pem: string; fingerprint: string }

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made now with openssl (1 day, P-256):
 * tests trust it as their own CA. `name` keeps two certificates apart in one folder.
 */
export function makeCertificate(dir: string, name: string): TestCertificate {
  const certFile = join(dir, `${name}.cert.pem`);
  const keyFile = join(dir, `${name}.key.pem`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', `/CN=${name}`,
    '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  const pem = readFileSync(certFile, 'utf8');
  return { certFile, keyFile, pem, fingerprint: new X509Certificate(pem).fingerprint256 };
}
