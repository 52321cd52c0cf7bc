/**
 * Types and members in other namespaces, and `[XmlText]` simple content, on the wire: the generated client of the
 * `corpus-type-namespaces` golden scenario calls the real ASMX runtime serving `TypeNamespaces.asmx` (the corpus
 * service its spec describes), which echoes a route (`PlanRoute`) and answers `new Fare()` (`Quote`, `GetFare`).
 * The runtime reads what the client writes (elements in `urn:example:geo`, `urn:example:notes` and none,
 * qualified attributes, element text) and the client reads what the runtime writes: the route comes back equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTypeNamespacesClient,
  type Route,
  type TypeNamespacesTransport,
} from '../golden/corpus-type-namespaces/expected/index.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

/** Every namespace rule at once: a class of another namespace holding one of the service's, and back. */
const ROUTE: Route = {
  Name: 'Coast <road> & ]]>',
  Stops: [
    {
      Label: 'Harbour',
      Heading: 'West',
      Marker: { Note: 'pier', Local: 'quay', Rank: 2, Kind: 'light' },
      Plain: 'unqualified text',
      Code: 'H-1',
    },
    null,
    { Heading: 'North', Marker: { Rank: -7 } },
  ],
  Remark: 'a note in urn:example:notes',
  Start: { Label: 'Depot', Heading: 'South', Code: 'D' },
  Price: { Currency: 'EUR', Value: '12.50' },
  Title: { Lang: 'en', Script: 'Latn', Value: ' Along the coast\t' },
  Headings: ['East', 'South'],
};

let host: SharedAsmxHost | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['TypeNamespaces.asmx']);
}, 180_000);

afterAll(() => {
  host?.stop();
});

function client(transport: TypeNamespacesTransport) {
  return createTypeNamespacesClient({ url: `${host!.baseUrl}/TypeNamespaces.asmx`, transport, timeoutMs: 60_000 });
}

describe('types in other namespaces and [XmlText] against the real ASMX runtime', () => {
  it.for(['soap11', 'soap12'] as const)('echoes a route unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).PlanRoute({ route: ROUTE })).toEqual(ROUTE);
  });

  it.for(['soap11', 'soap12'] as const)('reads a Fare as its text over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).Quote({ caption: { Lang: 'en', Value: 'x' } })).toEqual({ Value: '0' });
  });

  it.for(['httpGet', 'httpPost'] as const)('reads the HTTP Fare document over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).GetFare({ currency: 'EUR' })).toEqual({ Value: '0' });
  });
});
