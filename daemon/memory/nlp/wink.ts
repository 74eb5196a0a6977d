// The English NLP library and its model, in one module so the build can put
// them in a bundle of their own (dist/nlp.js, see scripts/build.mjs): a daemon
// that never extracts never parses the model's 3.6 MB.
//
// wink-nlp 2.4 with wink-eng-lite-web-model 1.8, chosen over compromise 14.17
// by measurement on the real transcripts under test/fixtures/memory/*/real
// (distilled episodes plus every prose string of the raw JSONL, 20 KB, run 10
// to 20 times, this machine): sentences + part of speech at 0.6 to 1.1 MB/s
// for wink against 0.02 MB/s for compromise (sentences + tags; 0.03 with its
// noun phrases), load 155 to 170 ms against 250 to 275 ms. By hand on the same
// sample, wink's tags were the better ones (compromise tagged "Here's" a
// proper noun and "quotes" a verb, and its noun phrases carry the markdown
// punctuation around them), and wink's sentence splitter keeps a bullet list
// or a table together where compromise cut it line by line. Bundled, the
// model is 3.6 MB of JavaScript: first use costs ~140 ms, once per daemon.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export { model, winkNLP };
