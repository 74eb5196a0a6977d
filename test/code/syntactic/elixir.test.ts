// The syntactic indexer on real Elixir nobody here wrote: Jason, part of
// Plug, Phoenix's scoped-routing test and the LiveBeats app
// (test/fixtures/elixir-*/SOURCE.md). Expected places are found by text
// search, not by the indexer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { callees } from '../../../daemon/code/query/callees';
import { callers } from '../../../daemon/code/query/callers';
import { impls } from '../../../daemon/code/query/impls';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { lineOf, ROOT, tempDir } from '../../helpers';

async function indexed(repo: string): Promise<CodeStore> {
  const work = tempDir('elixir-work');
  const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: tempDir('elixir-home') });
  const report = out.indexers.find((r) => r.language === 'elixir');
  assert.equal(report?.status, 'ok', JSON.stringify(out.indexers));
  assert.equal(report.indexer, 'tree-sitter-elixir');
  assert.equal(report.skipped_files, undefined, JSON.stringify(report.skipped_files));
  fs.renameSync(out.nextPath, path.join(work, 'index.db'));
  return new CodeStore(path.join(work, 'index.db'));
}

/** Every line of a file matching `re`, 1-based. */
const linesOf = (file: string, re: RegExp): number[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((l, i) => (re.test(l) ? [i + 1] : []));
const keyOf = (symbolId: string): string => symbolId.split(' ').pop()!;
const defsOf = (store: CodeStore, name: string): Array<{ key: string; kind: string; at: string[] }> =>
  refs(store, name, { definitionsOnly: true }).matches.map((m) => ({
    key: keyOf(m.symbol_id),
    kind: m.kind,
    at: m.occurrences.map((o) => `${o.file}:${o.line}`).sort(),
  }));
const implKeys = (store: CodeStore, name: string): string[] => impls(store, name).matches.map((m) => keyOf(m.symbol_id));
const callerNames = (store: CodeStore, name: string): string[] => callers(store, name).matches.map((m) => m.display_name);
const calleeKeys = (store: CodeStore, name: string): string[] => callees(store, name).matches.map((m) => keyOf(m.symbol_id));
/** file:line of each occurrence of the symbol, with `c` for a call. */
const sitesOf = (store: CodeStore, name: string): string[] =>
  refs(store, name)
    .matches.flatMap((m) => m.occurrences.filter((o) => !o.is_definition).map((o) => `${o.file}:${o.line}${o.is_call ? 'c' : ''}`))
    .sort();

describe('Elixir: Jason', () => {
  const root = path.join(ROOT, 'test/fixtures/elixir-jason');
  const at = (file: string, re: RegExp): string => `${file}:${lineOf(path.join(root, file), re)}`;
  let store: CodeStore;
  before(async () => {
    store = await indexed(root);
  });

  it('modules by their full names, nested ones inside their parent; a protocol is an interface', () => {
    assert.deepEqual(defsOf(store, 'Jason.Encoder'), [
      { key: 'Jason#Encoder#', kind: 'interface', at: [at('lib/encoder.ex', /^defprotocol Jason\.Encoder do/)] },
    ]);
    assert.deepEqual(defsOf(store, 'Jason.Decoder'), [{ key: 'Jason#Decoder#', kind: 'module', at: [at('lib/decoder.ex', /^defmodule Jason\.Decoder do/)] }]);
    // `defmodule Unescape` inside Jason.Decoder is Jason.Decoder.Unescape.
    assert.deepEqual(
      defsOf(store, 'Jason.Decoder.Unescape').map((d) => [d.key, d.at]),
      [['Jason#Decoder#Unescape#', [at('lib/decoder.ex', /^  defmodule Unescape do/)]]],
    );
  });

  it('defimpl P, for: T is the module P.T implementing P; for: [A, B] makes one per type', () => {
    const impl = implKeys(store, 'Jason.Encoder');
    for (const k of [
      'Jason#Encoder#Atom#',
      'Jason#Encoder#Any#',
      'Jason#Encoder#Jason#Fragment#',
      'Jason#Encoder#Jason#OrderedObject#',
      'Jason#Encoder#Date#',
      'Jason#Encoder#DateTime#',
      'Jason#Encoder#Decimal#',
    ]) {
      assert.ok(impl.includes(k), `${k} in ${impl.join(' ')}`);
    }
    // ordered_object.ex also implements Enumerable for Jason.OrderedObject: not an encoder.
    assert.ok(!impl.includes('Enumerable#Jason#OrderedObject#'), impl.join(' '));
    assert.ok(
      defsOf(store, 'Jason.OrderedObject').some(
        (d) => d.key === 'Enumerable#Jason#OrderedObject#' && d.at[0] === at('lib/ordered_object.ex', /^defimpl Enumerable, for: Jason\.OrderedObject do/),
      ),
    );
    // The protocol's function, implemented in each impl.
    const encode = implKeys(store, 'Jason.Encoder.encode');
    assert.ok(encode.includes('Jason#Encoder#Integer#encode().') && encode.includes('Jason#Encoder#Map#encode().'), encode.join(' '));
  });

  it('the clauses of a function are one symbol, each clause a definition', () => {
    const file = 'lib/encoder.ex';
    // The two clauses of Any's encode (a later impl has a clause spelled like the second).
    const anyEnds = lineOf(path.join(root, file), /^defimpl Jason\.Encoder, for: Atom do/);
    const expected = linesOf(path.join(root, file), /^  def encode\((%_\{\} = struct|value), _opts\) do/)
      .filter((l) => l < anyEnds)
      .map((l) => `${file}:${l}`);
    assert.equal(expected.length, 2);
    assert.deepEqual(
      defsOf(store, 'Jason.Encoder.Any.encode')
        .filter((d) => d.key === 'Jason#Encoder#Any#encode().')
        .map((d) => d.at.filter((a) => expected.includes(a))),
      [expected],
    );
    const escape = defsOf(store, 'Jason.Encode.escape_json');
    assert.equal(escape.length, 1);
    assert.deepEqual(
      escape[0]!.at,
      linesOf(path.join(root, 'lib/encode.ex'), /^\s+defp escape_json\(/)
        .map((l) => `lib/encode.ex:${l}`)
        .sort(),
    );
  });

  it('remote calls through alias Jason.{…}, callers and callees by the enclosing function', () => {
    // jason.ex: `alias Jason.{Encode, …}` then `Encode.encode(input, opts)` in do_encode.
    const calls = linesOf(path.join(root, 'lib/jason.ex'), /Encode\.encode\(input, opts\)/).map((l) => `lib/jason.ex:${l}c`);
    assert.equal(calls.length, 3);
    const sites = sitesOf(store, 'Jason.Encode.encode');
    for (const c of calls) assert.ok(sites.includes(c), `${c} in ${sites.join(' ')}`);
    // Its @spec names it without calling it.
    assert.ok(sites.includes(`${at('lib/encode.ex', /^  @spec encode\(any, map\)/)}`), sites.join(' '));
    assert.deepEqual(callerNames(store, 'Jason.Encode.encode'), ['do_encode']);
    const fromEncode = calleeKeys(store, 'Jason.encode');
    assert.ok(fromEncode.includes('Jason#do_encode().') && fromEncode.includes('Jason#format_encode_opts().'), fromEncode.join(' '));
  });

  it('import through an alias makes a macro a local call; pipes and captures name local functions', () => {
    // decoder.ex: `alias Jason.{DecodeError, Codegen}`, `import Codegen, only: [bytecase: 2, …]`, then `bytecase data do`.
    const bytecase = callerNames(store, 'Jason.Codegen.bytecase');
    for (const f of ['value', 'array', 'object']) assert.ok(bytecase.includes(f), bytecase.join(' '));
    // formatter.ex: `|> pretty_print_to_iodata(opts)` inside pretty_print.
    assert.ok(callerNames(store, 'Jason.Formatter.pretty_print_to_iodata').includes('pretty_print'));
    // encode.ex: `:json -> &escape_json/1` refers to escape_json without calling it.
    assert.ok(sitesOf(store, 'Jason.Encode.escape_json').includes(at('lib/encode.ex', /:json -> &escape_json\/1/)));
  });
});

describe('Elixir: Plug', () => {
  const root = path.join(ROOT, 'test/fixtures/elixir-plug');
  const at = (file: string, re: RegExp): string => `${file}:${lineOf(path.join(root, file), re)}`;
  let store: CodeStore;
  before(async () => {
    store = await indexed(root);
  });

  it("@behaviour Plug implements Plug; a behaviour quoted inside __using__ is the user module's, not Plug.Builder's", () => {
    const plugs = implKeys(store, 'Plug');
    for (const k of ['Plug#Head#', 'Plug#Logger#', 'Plug#RequestId#']) assert.ok(plugs.includes(k), `${k} in ${plugs.join(' ')}`);
    assert.ok(!plugs.includes('Plug#Builder#'), plugs.join(' '));
    // @callback call(…) declares Plug.call; each plug's def call implements it.
    assert.deepEqual(defsOf(store, 'Plug.call').find((d) => d.key === 'Plug#call().')?.at, [at('lib/plug.ex', /^  @callback call\(/)]);
    const calls = implKeys(store, 'Plug.call');
    assert.ok(calls.includes('Plug#Head#call().') && calls.includes('Plug#Logger#call().'), calls.join(' '));
  });

  it('@type defines a type; typespecs name types and functions without calling them', () => {
    assert.deepEqual(
      defsOf(store, 'Plug.Conn.t').map((d) => [d.key, d.at]),
      [['Plug#Conn#t#', [at('lib/plug/conn.ex', /^  @type t :: %__MODULE__\{/)]]],
    );
    // plug.ex: `@callback call(conn :: Plug.Conn.t(), opts) :: Plug.Conn.t()`.
    assert.ok(sitesOf(store, 'Plug.Conn.t').includes(at('lib/plug.ex', /^  @callback call\(conn :: Plug\.Conn\.t\(\), opts\) :: Plug\.Conn\.t\(\)/)));
    // conn.ex: `@spec put_status(t, status) :: t` names put_status, calls nothing.
    const spec = at('lib/plug/conn.ex', /^  @spec put_status\(t, status\) :: t$/);
    assert.ok(sitesOf(store, 'Plug.Conn.put_status').includes(spec));
    assert.ok(sitesOf(store, 'Plug.Conn.t').includes(spec));
  });

  it('defstruct fields, defdelegate to another module, pipes as calls', () => {
    // Also a type (`@type assigns :: …`): a field and a type of one name.
    const assigns = defsOf(store, 'Plug.Conn.assigns');
    assert.deepEqual(
      assigns.find((d) => d.key === 'Plug#Conn#assigns.'),
      { key: 'Plug#Conn#assigns.', kind: 'field', at: [at('lib/plug/conn.ex', /^            assigns: %\{\},/)] },
    );
    assert.deepEqual(
      assigns.find((d) => d.key === 'Plug#Conn#assigns#'),
      { key: 'Plug#Conn#assigns#', kind: 'type', at: [at('lib/plug/conn.ex', /^  @type assigns :: /)] },
    );
    // `defdelegate forward(…), to: Plug` defines Plug.Router.Utils.forward and calls Plug.forward.
    assert.deepEqual(
      defsOf(store, 'Plug.Router.Utils.forward').map((d) => d.at),
      [[at('lib/plug/router/utils.ex', /^  defdelegate forward\(/)]],
    );
    assert.ok(sitesOf(store, 'Plug.forward').includes(`${at('lib/plug/router/utils.ex', /^  defdelegate forward\(/)}c`));
    // conn.ex: `conn |> resp(status, body) |> send_resp()` in send_resp/3.
    const line = at('lib/plug/conn.ex', /conn \|> resp\(status, body\) \|> send_resp\(\)/);
    assert.ok(sitesOf(store, 'Plug.Conn.resp').includes(`${line}c`));
    assert.ok(callerNames(store, 'Plug.Conn.resp').includes('send_resp'));
  });

  it("a module's name as a value, in %Struct{} and in remote calls, is a reference to it", () => {
    // `@spec get_peer_data(t) :: Plug.Conn.Adapter.peer_data()`: the module, named in full.
    const sites = sitesOf(store, 'Plug.Conn.Adapter');
    assert.ok(sites.includes(at('lib/plug/conn.ex', /^  @spec get_peer_data\(t\) :: Plug\.Conn\.Adapter\.peer_data\(\)/)), sites.join(' '));
    const conn = sitesOf(store, 'Plug.Conn').filter((s) => s.startsWith('lib/plug/head.ex:'));
    assert.ok(conn.includes(at('lib/plug/head.ex', /def call\(%Conn\{method: "HEAD"\}/)), conn.join(' '));
  });
});

describe('Elixir: Phoenix routes', () => {
  const root = path.join(ROOT, 'test/fixtures/elixir-phoenix-router');
  const file = 'scope_test.exs';
  const at = (re: RegExp): string => `${file}:${lineOf(path.join(root, file), re)}`;
  const controller = 'Phoenix.Router.ScopedRoutingTest.Api.V1.UserController';
  let store: CodeStore;
  before(async () => {
    store = await indexed(root);
  });

  it("a nested defmodule Api.V1.UserController aliases Api; a route's action is a call of the controller's function", () => {
    assert.deepEqual(
      defsOf(store, controller).map((d) => [d.key, d.at]),
      [['Phoenix#Router#ScopedRoutingTest#Api#V1#UserController#', [at(/^  defmodule Api\.V1\.UserController do/)]]],
    );
    // `get "/users/:id", Api.V1.UserController, :baz_host` in the Router module.
    const sites = sitesOf(store, `${controller}.baz_host`);
    assert.ok(sites.includes(`${at(/^      get "\/users\/:id", Api\.V1\.UserController, :baz_host/)}c`), sites.join(' '));
    assert.ok(callerNames(store, `${controller}.baz_host`).includes('Router'));
  });

  it('scope "/api", Api and scope "/v1", alias: V1 prefix the modules their routes name', () => {
    // Inside `scope "/api", Api`: `get "/users", V1.UserController, :show` is Api.V1.UserController.show.
    const show = sitesOf(store, `${controller}.show`);
    assert.ok(show.includes(`${at(/^      get "\/users", V1\.UserController, :show$/)}c`), show.join(' '));
    // Inside `scope "/v1", alias: V1` nested in it: `resources "/users", UserController` is the same module.
    const refsTo = sitesOf(store, controller);
    assert.ok(refsTo.includes(at(/^        resources "\/users", UserController, only: \[:delete\], private:/)), refsTo.join(' '));
  });
});

describe('Elixir: a LiveView app (LiveBeats)', () => {
  const root = path.join(ROOT, 'test/fixtures/elixir-live-beats');
  const at = (file: string, re: RegExp): string => `${file}:${lineOf(path.join(root, file), re)}`;
  let store: CodeStore;
  before(async () => {
    store = await indexed(root);
  });

  it('a component in a ~H template is a call, found through use LiveBeatsWeb, :live_view and its quoted import', () => {
    const profile = 'lib/live_beats_web/live/profile_live.ex';
    const sites = sitesOf(store, 'LiveBeatsWeb.CoreComponents.button');
    assert.ok(sites.includes(`${at(profile, /^          <\.button$/)}c`), sites.join(' '));
    assert.ok(callerNames(store, 'LiveBeatsWeb.CoreComponents.button').includes('render'));
  });

  it('handle_event("save", …) defines the event; phx-submit="save" and JS.push("validate") in the template refer to it', () => {
    const settings = 'lib/live_beats_web/live/settings_live.ex';
    assert.deepEqual(
      defsOf(store, 'LiveBeatsWeb.SettingsLive.save').map((d) => [d.key, d.kind, d.at]),
      [['LiveBeatsWeb#SettingsLive#save.', 'key', [at(settings, /^  def handle_event\("save", /)]]],
    );
    assert.ok(sitesOf(store, 'LiveBeatsWeb.SettingsLive.save').includes(at(settings, /^\s+phx-submit="save"$/)));
    assert.ok(sitesOf(store, 'LiveBeatsWeb.SettingsLive.validate').includes(at(settings, /^\s+JS\.push\("validate",$/)));
  });

  it("an Ecto schema's field, belongs_to (and the _id it adds) are fields of the module; an embeds_one block's are not", () => {
    const song = 'lib/live_beats/media_library/song.ex';
    assert.deepEqual(
      defsOf(store, 'LiveBeats.MediaLibrary.Song.title').map((d) => [d.key, d.kind, d.at]),
      [['LiveBeats#MediaLibrary#Song#title.', 'field', [at(song, /^    field :title, :string$/)]]],
    );
    assert.deepEqual(
      defsOf(store, 'LiveBeats.MediaLibrary.Song.user_id').map((d) => d.at),
      [[at(song, /^    belongs_to :user, Accounts\.User$/)]],
    );
    assert.deepEqual(
      defsOf(store, 'LiveBeats.MediaLibrary.Song.transcript').map((d) => d.at),
      [[at(song, /^    embeds_one :transcript, Transcript do$/)]],
    );
    // `field :ss` sits in the embedded Transcript.Segment schema, not in Song.
    assert.deepEqual(defsOf(store, 'LiveBeats.MediaLibrary.Song.ss'), []);
    // A `field` call outside a schema block defines nothing.
    assert.ok(
      defsOf(store, 'field').every((d) => d.kind !== 'field'),
      JSON.stringify(defsOf(store, 'field')),
    );
  });

  it('the router\'s scope "/", LiveBeatsWeb names its controllers and live views', () => {
    const router = 'lib/live_beats_web/router.ex';
    assert.ok(sitesOf(store, 'LiveBeatsWeb.FileController.show').includes(`${at(router, /get "\/files\/:id", FileController, :show/)}c`));
    assert.deepEqual(callerNames(store, 'LiveBeatsWeb.FileController.show'), ['Router']);
    assert.ok(sitesOf(store, 'LiveBeatsWeb.ProfileLive').includes(at(router, /live "\/:profile_username", ProfileLive, :show/)));
  });
});
