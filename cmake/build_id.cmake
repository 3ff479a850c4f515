# Writes OUT: `#define FLYC_BUILD_ID "<hash>"`, the SHA-256 (first 16 hex
# digits) of flyc's own sources, so that the compile cache's key changes when
# flyc's code does, not only its version string. Run as
#   cmake -DOUT=... -DROOT=... -P cmake/build_id.cmake
# The file is rewritten only when the id changes (no needless rebuilds).
file(GLOB_RECURSE srcs LIST_DIRECTORIES false
  "${ROOT}/src/*.c" "${ROOT}/src/*.h" "${ROOT}/src/*.cpp" "${ROOT}/runtime/*.c"
  "${ROOT}/runtime/*.h" "${ROOT}/runtime/*.def" "${ROOT}/include/flyc/*.h")
list(SORT srcs)
set(all "")
foreach(f IN LISTS srcs)
  file(SHA256 "${f}" h)
  string(APPEND all "${h}")
endforeach()
string(SHA256 id "${all}")
string(SUBSTRING "${id}" 0 16 id)
set(text "#define FLYC_BUILD_ID \"${id}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
