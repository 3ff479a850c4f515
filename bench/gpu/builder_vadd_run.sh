# Runs the kernel builder's vadd (examples/vadd_builder.c) on a CUDA GPU through
# `flyc run`: random and iota inputs, a poisoned output with a tail past n,
# every element checked by check_vadd.py. Argument: the folder holding flyc,
# vadd_builder.sm_{80,90}.ptx, check_vadd.py and the shared libraries.
set -x
cd "${1:-gpu-run}"; export LD_LIBRARY_PATH=$PWD:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
N=1000003; P=-12345.5; G=$(( (N + 255) / 256 ))
rc=0
for sm in sm_80 sm_90; do
  rm -f a.bin b.bin c.bin
  ./flyc run vadd_builder.$sm.ptx --kernel vadd --grid $G --block 256 \
    --arg buf:f32:$N:rand --arg buf:f32:$N:iota --arg buf:f32:$((N + 4096)):value=$P --arg i32=$N \
    --print 3 --out 0=a.bin --out 1=b.bin --out 2=c.bin || rc=1
  python3 check_vadd.py $N $P || rc=1
done
# 1024-thread blocks work without known_block_size (the documented default)
./flyc run vadd_builder.sm_80.ptx --kernel vadd --grid 977 --block 1024 \
  --arg buf:f32:$N:rand --arg buf:f32:$N:iota --arg buf:f32:$((N + 4096)):value=$P --arg i32=$N \
  --print 0 --out 0=a.bin --out 1=b.bin --out 2=c.bin && python3 check_vadd.py $N $P || rc=1
echo RESULT rc=$rc
