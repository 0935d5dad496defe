import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificate {
  certFile: string;
  keyFile: string;
  pem: string;
  fingerprint: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost made now with openssl (P-256, one day):
 * a test trusts it as its own CA. `name` (also the CN) keeps several apart in one folder.
 */
export function makeCertificate(dir: string, name: string): TestCertificate {
  const certFile = join(dir, `${name}.cert.pem`);
  const keyFile = join(dir, `${name}.key.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return loaded(certFile, keyFile);
}

function loaded(certFile: string, keyFile: string): TestCertificate {
  const pem = readFileSync(certFile, 'utf8');
  return { certFile, keyFile, pem, fingerprint: new X509Certificate(pem).fingerprint256 };
}

let suite: TestCertificate | null = null;

/**
 * DCS_TEST_TRANSPORT=https (or h2) runs every real-server test over TLS (HTTP/1.1, or HTTP/2 with
 * TLS_HTTP2): one certificate for the whole test process, made on first use, in DCS_TEST_CERT_DIR
 * when given (and kept there: start the tests with NODE_EXTRA_CA_CERTS=<dir>/suite.cert.pem and
 * fetch() trusts it too). Null on plain HTTP.
 */
export function suiteTransport(): { transport: 'https' | 'h2'; cert: TestCertificate } | null {
  const transport = process.env.DCS_TEST_TRANSPORT;
  if (transport !== 'https' && transport !== 'h2') return null;
  const dir = process.env.DCS_TEST_CERT_DIR;
  suite ??=
    dir && existsSync(join(dir, 'suite.cert.pem'))
      ? loaded(join(dir, 'suite.cert.pem'), join(dir, 'suite.key.pem'))
      : makeCertificate(dir || mkdtempSync(join(tmpdir(), 'dcs-suite-tls-')), 'suite');
  return { transport, cert: suite };
}
