"""How far passage retrieval can take the real-recall questions (README.md).

Reads dump.ts's JSON; embeds every passage and question with the sentence
models given (ONNX files and their tokenizer.json, as LangChain4j's Maven
jars ship them); prints, for questions that name their subject and those
that do not: the share whose answer is in the top k passages of the
lexical ranking, of each model, of their union, and of reciprocal-rank
fusions; and the share whose answer is inside the snippet windows an
answer of Scry's size can show (k passages of w characters each).

  python3 ceiling.py DUMP.json [NAME=MODEL.onnx,TOKENIZER.json[,PREFIX_Q,PREFIX_P]] ...
"""
import json
import re
import sys

import numpy as np


def load(path):
    d = json.load(open(path))
    return {p['id']: p['text'] for p in d['passages']}, d['questions']


def has(q, t):
    t = t.lower()
    return any(e.lower() in t for e in q['expect'])


def embedder(onnx, tokenizer):
    import onnxruntime as ort
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(tokenizer)
    tok.enable_truncation(256)
    tok.enable_padding()
    sess = ort.InferenceSession(onnx)
    inputs = {i.name for i in sess.get_inputs()}

    def run(texts):
        out = []
        for i in range(0, len(texts), 32):
            enc = tok.encode_batch(texts[i:i + 32])
            ids = np.array([e.ids for e in enc], dtype=np.int64)
            mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
            feed = {'input_ids': ids, 'attention_mask': mask}
            if 'token_type_ids' in inputs:
                feed['token_type_ids'] = np.zeros_like(ids)
            h = sess.run(None, feed)[0]
            m = mask[..., None].astype(np.float32)
            v = (h * m).sum(1) / m.sum(1)
            out.append(v / np.linalg.norm(v, axis=1, keepdims=True))
        return np.vstack(out)
    return run


def share(questions, ok):
    named = [q for q in questions if q['names']]
    unnamed = [q for q in questions if not q['names']]
    f = lambda qs: f"{sum(ok(q) for q in qs)}/{len(qs)}"
    return f"naming {f(named)}, not naming {f(unnamed)}"


def rrf(rankings, k=60, weights=None):
    score = {}
    for r, ranking in enumerate(rankings):
        w = 1 if weights is None else weights[r]
        for i, pid in enumerate(ranking):
            score[pid] = score.get(pid, 0) + w / (k + i)
    return sorted(score, key=lambda p: -score[p])


def prefix(w):
    return w if len(w) <= 4 else w[:max(4, len(w) - 3)]


def window(text, terms, width):
    """The window of `width` characters holding the most distinct query terms (Scry's snippet rule, simplified)."""
    flat = re.sub(r'\s+', ' ', text).strip()
    if len(flat) <= width:
        return flat
    ps = [prefix(t) for t in terms]

    def term(w):
        w = w.lower()
        for i, p in enumerate(ps):
            if (w == p or (w.startswith(p) and len(w) <= len(p) + 3)) if len(p) <= 4 else w.startswith(p):
                return i
        return -1
    hits = [(m.start(), m.end(), term(m.group())) for m in re.finditer(r'\w+', flat)]
    hits = [h for h in hits if h[2] >= 0]
    best, best_n = 0, -1
    for i in range(len(hits)):
        seen, n = set(), 0
        for j in range(i, len(hits)):
            if hits[j][1] - hits[i][0] > width:
                break
            n += 10 if hits[j][2] not in seen else 1
            seen.add(hits[j][2])
        if n > best_n:
            best, best_n = hits[i][0], n
    start = max(0, best - width // 5)
    return flat[start:start + width]


def main():
    text, questions = load(sys.argv[1])
    ids = sorted(text)
    print(f"{len(ids)} passages, {len(questions)} questions")
    print(f"recall's answer (in process, no model): {share(questions, lambda q: q['recall_hit'])}")
    lex = {q['id']: q['lexical'] for q in questions}
    top = lambda ranking, k: lambda q: any(has(q, text[p]) for p in ranking[q['id']][:k])
    for k in (3, 5, 7, 10, 20, 40):
        print(f"lexical top {k}: {share(questions, top(lex, k))}")
    for k, w in ((7, 300), (10, 240), (12, 200), (16, 150), (20, 120)):
        ok = lambda q: any(has(q, window(text[p], q['terms'], w)) for p in lex[q['id']][:k])
        print(f"lexical top {k}, {w}-character windows (~{k * w} characters): {share(questions, ok)}")
    dense = {}
    for spec in sys.argv[2:]:
        name, rest = spec.split('=', 1)
        parts = rest.split(',')
        onnx, tokenizer = parts[0], parts[1]
        pq, pp = (parts[2], parts[3]) if len(parts) > 3 else ('', '')
        run = embedder(onnx, tokenizer)
        P = run([pp + text[i] for i in ids])
        Q = run([pq + q['question'] for q in questions])
        dense[name] = {q['id']: [ids[j] for j in np.argsort(-(P @ Q[n]))[:40]] for n, q in enumerate(questions)}
        for k in (3, 5, 10):
            print(f"{name} top {k}: {share(questions, top(dense[name], k))}")
        union = lambda q: top(lex, 5)(q) or top(dense[name], 5)(q)
        print(f"lexical top 5 + {name} top 5 (union, up to 10 passages): {share(questions, union)}")
        for K in (10, 60):
            for w in (0.5, 1.0):
                fused = {q['id']: rrf([lex[q['id']], dense[name][q['id']]], K, [1, w]) for q in questions}
                print(f"RRF(lexical, {name}) K={K} weight {w}, top 5: {share(questions, top(fused, 5))}")


main()
