import { defineSource } from '../source-entry.ts';
import { readOrphaPacketFiles, readOrphaPackets } from '../orphanet-packets.ts';

/** Orphanet's packets: definitions, synonyms, phenotypes, prevalence, inheritance, onset and genes. */
export const ORPHANET = defineSource({
  id: 'orphanet',
  name: 'Orphanet (ORPHApackets)',
  license: 'CC BY 4.0',
  release: '2025-12-09',
  cadence: 'per-release',
  homepage: 'https://github.com/Orphanet/orphapacket',
  format: 'ORPHApacket JSON: the upstream folder of ORPHApacket_*.json files, or one packet per line (JSONL)',
  inputs: [{ name: 'packets', folderFiles: 'ORPHApacket_*.json', oneOf: ['orphanet/json/', 'orphanet/orphapackets_2025-12.jsonl.gz'] }],
  upstream: [
    {
      path: 'orphanet/orphapacket.tar.gz',
      url: 'https://github.com/Orphanet/orphapacket/archive/HEAD.tar.gz',
      unpack: { from: 'json/', to: 'orphanet/json/', files: 'ORPHApacket_*.json' },
    },
  ],
  read(files) {
    const packets = files.files('packets')!;
    const orphanet = packets.length === 1 && !packets[0].endsWith('.json') ? readOrphaPackets(packets[0]) : readOrphaPacketFiles(packets);
    return { release: orphanet[0]?.creationDate?.slice(0, 10) ?? null, facts: { orphanet } };
  },
});
