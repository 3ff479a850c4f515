#!/usr/bin/env bash
# Turns the raw output of run_cpu_compile.sh into a markdown table.
raw=$1
awk -v raw="$raw" '
function val(line, key,   m) { if (match(line, " " key "=[^ ]+")) { m = substr(line, RSTART + length(key) + 2, RLENGTH - length(key) - 2); return m } return "" }
/^# date:/ { date = $3 }
/^name=/ {
  split($1, n, "="); name = n[2]
  med[name] = val($0, "median"); p10[name] = val($0, "p10"); p90[name] = val($0, "p90")
  dev[name] = val($0, "stage.devlibs"); lnk[name] = val($0, "stage.link"); opt[name] = val($0, "stage.optimize")
  cg[name] = val($0, "stage.codegen"); xl[name] = val($0, "stage.exelink"); rss[name] = val($0, "rss_kb")
  bld[name] = val($0, "stage.build")
}
/throughput/ { split($1, n, "="); thr[n[2] " threads=" val($0, "threads")] = val($0, "per_s") }
END {
  printf "## Compile speed, CPU machine (%s)\n\n", date
  printf "One core (CPU 0), median of the timed runs [p10-p90], ms. flyc compiles from `.ll` through the C API (`flyc_compile_file`), in process; the peers compile the same kernel from HIP source. Raw output and commands: `%s`.\n\n", raw
  printf "| kernel | flyc comgr-link | flyc comgr | flyc lld | hiprtc | comgr (HIP source) | clang-15 | clang / flyc | hiprtc / flyc |\n|---|---|---|---|---|---|---|---|---|\n"
  split("vadd reduce mstl_math", ks, " ")
  for (i = 1; i <= 3; i++) {
    k = ks[i]; f = "flyc/" k "/gfx90a/comgr-link"
    printf "| %s | %s [%s-%s] | %s | %s | %s | %s | %s | %.0fx | %.1fx |\n", k, med[f], p10[f], p90[f],
      med["flyc/" k "/gfx90a/comgr"], med["flyc/" k "/gfx90a/lld"], med["hiprtc/" k "/gfx90a"],
      med["comgr_source/" k "/gfx90a"], med["clang_hip/" k "/gfx90a"],
      med["clang_hip/" k "/gfx90a"] / med[f], med["hiprtc/" k "/gfx90a"] / med[f]
  }
  f = "flyc/mstl_math/gfx90a/comgr-link"
  printf "\nStages of the flyc mstl_math compile (comgr-link, medians, ms): link library %s, device libraries (ocml + ockl) %s, optimize %s, codegen %s, executable link %s.\n", lnk[f], dev[f], opt[f], cg[f], xl[f]
  i = "flyc/mstl_math/gfx90a/comgr-link+isolated"
  printf "Isolated compile (FLYC_COMPILE_ISOLATED, a fork per compile): %s ms against %s in process.\n", med[i], med[f]
  p = "flyc/mstl_math/sm_80/auto"
  printf "PTX for sm_80 (mstl_math with libdevice): %s ms [%s-%s].\n", med[p], p10[p], p90[p]
  printf "\nThe kernels written with the kernel builder (C API from the IR up: context, emit, compile; `examples/*_kernel.h`; the shmem kernel links the stand-in library through link_extern and calls ocml/libdevice sqrt and exp), auto path, medians [p10-p90], ms:\n\n| kernel | gfx90a | PTX sm_80 | of which IR building |\n|---|---|---|---|\n"
  split("vadd reduce shmem_math", bs, " ")
  for (i = 1; i <= 3; i++) {
    g = "flyc/builder-" bs[i] "/gfx90a/auto"; s = "flyc/builder-" bs[i] "/sm_80/auto"
    printf "| %s | %s [%s-%s] | %s [%s-%s] | %s |\n", bs[i], med[g], p10[g], p90[g], med[s], p10[s], p90[s], bld[g]
  }
  printf "\nPeak RSS: flyc %s KiB, hiprtc %s KiB, clang-15 %s KiB.\n", rss[f], rss["hiprtc/mstl_math/gfx90a"], rss["clang_hip/mstl_math/gfx90a"]
  printf "\nThroughput, mstl_math, compiles per second (no pinning, 2 cores): "
  for (q in thr) printf "%s = %s/s; ", q, thr[q]
  printf "\n"
}' "$raw"
