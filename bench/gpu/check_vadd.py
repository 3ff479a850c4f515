# Every element of a flyc-run vadd: c[i] == a[i] + b[i] (f32) for i < n, and
# the poison left untouched past n.
import sys, numpy as np
n, poison = int(sys.argv[1]), np.float32(sys.argv[2])
a, b, c = (np.fromfile(f"{x}.bin", dtype=np.float32) for x in "abc")
want = (a[:n] + b[:n]).astype(np.float32)
bad = int(np.count_nonzero(c[:n] != want))
tail = int(np.count_nonzero(c[n:] != poison))
print(f"n={n}: {bad} of {n} elements wrong, {tail} of {len(c)-n} poison elements overwritten; "
      f"a[0..2]={a[:3]}, c[0..2]={c[:3]}, distinct a values {len(np.unique(a))}")
sys.exit(1 if bad or tail or len(np.unique(a)) < 1000 else 0)
