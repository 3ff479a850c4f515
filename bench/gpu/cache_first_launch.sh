# Warm-cache first launch of the builder's vadd (bench/gpu/cache_first_launch.c)
# next to Triton's warm-cache first call of the same vector add
# (bench/gpu/triton_vadd.py), same machine, same run. Argument: the folder
# holding cache_first_launch, triton_vadd.py and the shared libraries.
cd "${1:-gpu-run}"; export LD_LIBRARY_PATH=$PWD:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
export FLYC_CACHE_DIR=$PWD/flyc-cache TRITON_CACHE_DIR=$PWD/triton-cache
rm -rf "$FLYC_CACHE_DIR" "$TRITON_CACHE_DIR"
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
echo "== flyc, empty cache (cold compile), then 11 fresh processes with the entry"
./cache_first_launch sm_80
for i in $(seq 11); do ./cache_first_launch sm_80; done | tee warm.txt
echo "flyc warm first launch: median $(field first < warm.txt | median) ms (compile $(field compile < warm.txt | median), load $(field load < warm.txt | median), launch+sync $(field 'launch+sync' < warm.txt | median))"
echo "== flyc, warm flyc cache, CUDA's PTX JIT cache off (CUDA_CACHE_DISABLE=1)"
for i in $(seq 11); do CUDA_CACHE_DISABLE=1 ./cache_first_launch sm_80; done > nojit.txt
echo "flyc warm first launch, driver JIT every time: median $(field first < nojit.txt | median) ms (load $(field load < nojit.txt | median))"
echo "== Triton, empty then warm cache (5 fresh processes)"
python3 triton_vadd.py empty
for i in $(seq 5); do python3 triton_vadd.py warm; done | tee triton.txt
t=$(sed -n 's/.*first call \([0-9.]*\) ms.*/\1/p' triton.txt | median)
f=$(field first < warm.txt | median)
echo "RESULT: Triton warm first call $t ms, flyc warm first launch $f ms: $(python3 -c "print(f'{$t/$f:.0f}x')")"
