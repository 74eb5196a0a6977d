// A model provider where the machine ends: it answers each episode from a
// function (undefined: it fails, as a model that is down does) and records
// which episodes it was asked about.
import { ProviderFailedError, type ExtractReply, type ExtractRequest, type Provider } from '../../daemon/memory/extract';

export class CannedModel implements Provider {
  readonly type = 'anthropic' as const;
  readonly usesModel = true;
  readonly timeoutMs = 10_000;
  readonly cooldownMs = 0;
  /** Episode ids asked about, in order. */
  readonly seen: string[] = [];

  constructor(
    readonly name: string,
    private readonly answer: (req: ExtractRequest) => ExtractReply | undefined,
  ) {}

  extract(req: ExtractRequest): Promise<ExtractReply> {
    this.seen.push(req.episode.id);
    const reply = this.answer(req);
    return reply ? Promise.resolve(reply) : Promise.reject(new ProviderFailedError(this.name, 'no canned reply for this episode'));
  }
}
