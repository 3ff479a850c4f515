# Sourced by the H200 prep scripts (bench/gpu/*_prep.sh), from the repository root: builds
# the static LLVM 22 flyc CLI (no lld-lib, no comgr: what the device machine can run without
# LLVM installed) in build-gpu and sets $B to that build and $libs to what a program
# linking flyc statically needs after its own objects (the CLI's link line).
B=build-gpu
cmake -S . -B $B -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm -DFLYC_STATIC_LLVM=ON -DFLYC_WITH_LLD_LIB=OFF \
  -DFLYC_BUILD_TESTS=OFF -DFLYC_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Release > /tmp/gpu-cfg.log
nice cmake --build $B -j2 --target flyc_cli > /tmp/gpu-build.log
libs=$(sed 's/^.* -o flyc //' $B/CMakeFiles/flyc_cli.dir/link.txt)
