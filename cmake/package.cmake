# Install and consume (README's "Install and consume"): the shared libraries
# (libflyc.so, libflyc_runtime.so) next to the static ones, the CMake package
# (flycConfig.cmake, flycConfigVersion.cmake and the exported targets
# flyc::flyc, flyc::runtime, flyc::flyc_static, flyc::runtime_static) for the
# build tree and for an install, and the pkg-config files flyc.pc and
# flyc-runtime.pc, both relative to their own directory. Install components:
# flyc_dev (headers, CMake package, pkg-config files), flyc_static, flyc_shared,
# flyc_cli.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FLYC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/flyc)

# ---- the shared libraries ----
# Made of the static libraries' objects (compiled once, position-independent).
# libflyc.so carries the runtime too: a program links one library, and the
# runtime's state (the thread's last error, registered processors, the module
# cache) exists once. Only flyc_* is exported (cmake/flyc.map).
if(FLYC_BUILD_SHARED)
  set(_flyc_map ${PROJECT_SOURCE_DIR}/cmake/flyc.map)
  set(_flyc_so_opts "LINKER:--version-script=${_flyc_map}" "LINKER:--exclude-libs,ALL")
  if(NOT FLYC_SANITIZE) # a sanitizer's runtime comes with the executable
    list(APPEND _flyc_so_opts "LINKER:--no-undefined")
  endif()

  add_library(flyc_runtime_shared SHARED $<TARGET_OBJECTS:flyc_runtime>)
  target_link_libraries(flyc_runtime_shared PRIVATE Threads::Threads ${CMAKE_DL_LIBS})
  target_include_directories(flyc_runtime_shared INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>)

  add_library(flyc_shared SHARED $<TARGET_OBJECTS:flyc> $<TARGET_OBJECTS:flyc_runtime>)
  add_dependencies(flyc_shared flyc) # the generated headers come with flyc's objects
  # LLVM is public: the interop tier's headers (flyc/llvm.h, flyc/kernel.h)
  # hand the caller LLVM handles, which it uses with this same LLVM.
  target_link_libraries(flyc_shared PUBLIC ${FLYC_LLVM_LIBS}
    PRIVATE ${FLYC_LLD_LIBS} PkgConfig::LIBELF PkgConfig::MSGPACK PkgConfig::XXHASH
            Threads::Threads ${CMAKE_DL_LIBS})
  if(FLYC_HAVE_LLD_LIB)
    target_link_libraries(flyc_shared PRIVATE ZLIB::ZLIB ${FLYC_ZSTD_LIB})
  endif()
  if(FLYC_HAVE_COMGR)
    target_link_libraries(flyc_shared PRIVATE amd_comgr)
  endif()
  target_include_directories(flyc_shared INTERFACE
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>)
  target_include_directories(flyc_shared SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})

  foreach(t flyc_shared flyc_runtime_shared)
    target_link_options(${t} PRIVATE ${_flyc_so_opts})
    set_target_properties(${t} PROPERTIES VERSION ${PROJECT_VERSION}
      SOVERSION ${PROJECT_VERSION_MAJOR} LINKER_LANGUAGE CXX LINK_DEPENDS ${_flyc_map})
  endforeach()
  set_target_properties(flyc_shared PROPERTIES OUTPUT_NAME flyc EXPORT_NAME flyc)
  set_target_properties(flyc_runtime_shared PROPERTIES OUTPUT_NAME flyc_runtime
    EXPORT_NAME runtime)
  add_library(flyc::flyc ALIAS flyc_shared)
  add_library(flyc::runtime ALIAS flyc_runtime_shared)

  install(TARGETS flyc_shared flyc_runtime_shared EXPORT flycSharedTargets
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT flyc_shared
            NAMELINK_COMPONENT flyc_shared
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT flycSharedTargets NAMESPACE flyc:: DESTINATION ${FLYC_CMAKE_INSTALL_DIR}
          COMPONENT flyc_shared)
  export(EXPORT flycSharedTargets NAMESPACE flyc::
         FILE ${PROJECT_BINARY_DIR}/flycSharedTargets.cmake)
endif()

# ---- the static libraries ----
# libflyc.a holds C++ (src/cxx.cpp, lld): a C program that links it names
# the C++ runtime.
target_link_libraries(flyc INTERFACE stdc++)
set_target_properties(flyc PROPERTIES EXPORT_NAME flyc_static)
set_target_properties(flyc_runtime PROPERTIES EXPORT_NAME runtime_static)
add_library(flyc::flyc_static ALIAS flyc)
add_library(flyc::runtime_static ALIAS flyc_runtime)
if(NOT FLYC_BUILD_SHARED) # as the package says: flyc::flyc is then the static one
  add_library(flyc::flyc ALIAS flyc)
  add_library(flyc::runtime ALIAS flyc_runtime)
endif()
install(TARGETS flyc flyc_runtime EXPORT flycStaticTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT flyc_static
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT flycStaticTargets NAMESPACE flyc:: DESTINATION ${FLYC_CMAKE_INSTALL_DIR}
        COMPONENT flyc_static)
export(EXPORT flycStaticTargets NAMESPACE flyc::
       FILE ${PROJECT_BINARY_DIR}/flycStaticTargets.cmake)

# ---- the CMake package ----
# What the static libraries' private dependencies need in the consumer: the
# config file finds them again (the exported targets name them).
set(FLYC_CONFIG_STATIC_DEPS "")
if(FLYC_HAVE_LLD_LIB)
  string(APPEND FLYC_CONFIG_STATIC_DEPS "  find_dependency(ZLIB)\n")
endif()
if(FLYC_HAVE_COMGR)
  string(APPEND FLYC_CONFIG_STATIC_DEPS "  find_dependency(amd_comgr CONFIG)\n")
endif()
configure_file(cmake/flycConfig.cmake.in ${PROJECT_BINARY_DIR}/flycConfig.cmake @ONLY)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/flycConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/flycConfig.cmake
              ${PROJECT_BINARY_DIR}/flycConfigVersion.cmake
        DESTINATION ${FLYC_CMAKE_INSTALL_DIR} COMPONENT flyc_dev)

# ---- pkg-config: flyc.pc (compiler + runtime) and flyc-runtime.pc ----
# prefix is found from the .pc file's own place, so an install works from
# any prefix (and moved).
file(RELATIVE_PATH FLYC_PC_RELPREFIX "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig"
     "${CMAKE_INSTALL_PREFIX}")
string(REGEX REPLACE "/$" "" FLYC_PC_RELPREFIX "${FLYC_PC_RELPREFIX}")
# Libs: what a program needs besides libflyc: LLVM itself where it is a shared
# library (the interop tier's LLVM handles). Libs.private: what the static
# libflyc.a needs besides (pkg-config --static), in link order.
set(FLYC_PC_LIBS "")
set(FLYC_PC_LIBS_PRIVATE "")
set(FLYC_PC_REQUIRES_PRIVATE "flyc-runtime, libelf, msgpack, libxxhash")
if(FLYC_HAVE_LLD_LIB)
  string(APPEND FLYC_PC_LIBS_PRIVATE " -L${LLVM_LIBRARY_DIR} -llldELF -llldCommon")
  string(APPEND FLYC_PC_REQUIRES_PRIVATE ", zlib, libzstd")
endif()
if(FLYC_STATIC_LLVM)
  string(APPEND FLYC_PC_LIBS_PRIVATE " -L${LLVM_LIBRARY_DIR}")
  foreach(l IN LISTS FLYC_LLVM_LIBS)
    string(APPEND FLYC_PC_LIBS_PRIVATE " -l${l}")
  endforeach()
  foreach(l IN LISTS LLVM_SYSTEM_LIBS)
    string(APPEND FLYC_PC_LIBS_PRIVATE " -l${l}")
  endforeach()
else()
  set(FLYC_PC_LIBS "-L${LLVM_LIBRARY_DIR} -lLLVM")
endif()
if(FLYC_HAVE_COMGR)
  string(APPEND FLYC_PC_LIBS_PRIVATE " -lamd_comgr")
endif()
string(APPEND FLYC_PC_LIBS_PRIVATE " -lstdc++")
string(STRIP "${FLYC_PC_LIBS_PRIVATE}" FLYC_PC_LIBS_PRIVATE)
set(FLYC_PC_REQUIRES_FIELD "Requires.private")
set(FLYC_PC_RT_LIBS "-L\${libdir} -lflyc_runtime")
set(FLYC_PC_RT_LIBS_PRIVATE "-pthread -ldl")
if(NOT FLYC_BUILD_SHARED)
  # Only static libraries: what they need is part of every link.
  string(STRIP "${FLYC_PC_LIBS} ${FLYC_PC_LIBS_PRIVATE}" FLYC_PC_LIBS)
  set(FLYC_PC_LIBS_PRIVATE "")
  set(FLYC_PC_REQUIRES_FIELD "Requires")
  string(APPEND FLYC_PC_RT_LIBS " ${FLYC_PC_RT_LIBS_PRIVATE}")
  set(FLYC_PC_RT_LIBS_PRIVATE "")
endif()
list(GET LLVM_INCLUDE_DIRS 0 FLYC_PC_LLVM_INCLUDE_DIR)
# Two of each: the installed one finds its prefix from its own place; the
# build tree's (PKG_CONFIG_PATH=<build>) names the build and source trees.
foreach(pc flyc flyc-runtime)
  set(FLYC_PC_PREFIX "\${pcfiledir}/${FLYC_PC_RELPREFIX}")
  set(FLYC_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  set(FLYC_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
  configure_file(tools/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig-install/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig-install/${pc}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT flyc_dev)
  set(FLYC_PC_PREFIX "${PROJECT_BINARY_DIR}")
  set(FLYC_PC_LIBDIR "${PROJECT_BINARY_DIR}")
  set(FLYC_PC_INCLUDEDIR "${PROJECT_SOURCE_DIR}/include")
  configure_file(tools/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
endforeach()

install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT flyc_dev)
install(TARGETS flyc_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT flyc_cli)
