# asrt_core: the helpers rewritten code calls (memdup, copy-on-write, grow,
# per-site stats) and the counting probes instrumented code calls. It defines no malloc symbols, so it links into programs
# running on any allocator, AddressSanitizer and valgrind included; libasrt
# bundles the same objects with the allocator.
set(ASRT_CORE_DIR ${CMAKE_CURRENT_SOURCE_DIR}/core)
set(ASRT_CORE_SOURCES
  ${ASRT_CORE_DIR}/asrt_memdup.c
  ${ASRT_CORE_DIR}/asrt_cow.c
  ${ASRT_CORE_DIR}/asrt_registry.c
  ${ASRT_CORE_DIR}/asrt_rodata.c
  ${ASRT_CORE_DIR}/asrt_grow.c
  ${ASRT_CORE_DIR}/asrt_sites.c
  ${ASRT_CORE_DIR}/asrt_stats_env.c
  ${ASRT_CORE_DIR}/asrt_probe.c
  ${ASRT_CORE_DIR}/asrt_profile.c)

find_package(Threads REQUIRED)
# Debian 12's valgrind (3.19) cannot read clang 14's DWARF 5 forms; the
# helpers are meant to be run under valgrind.
set(ASRT_CORE_DEBUG_FLAGS $<$<C_COMPILER_ID:Clang>:-gdwarf-4>)

add_library(asrt_core_obj OBJECT ${ASRT_CORE_SOURCES})
target_include_directories(asrt_core_obj
  PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
  PRIVATE ${ASRT_CORE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/common)
# Internals stay out of the shared library's exports; asrt.h marks the API.
set_target_properties(asrt_core_obj PROPERTIES
  POSITION_INDEPENDENT_CODE ON
  C_VISIBILITY_PRESET hidden)
target_link_libraries(asrt_core_obj PUBLIC Threads::Threads ${CMAKE_DL_LIBS})
target_compile_options(asrt_core_obj PRIVATE ${ASRT_CORE_DEBUG_FLAGS})
# Kept for test builds that recompile the sources with sanitizers.
set_property(TARGET asrt_core_obj PROPERTY ASRT_SOURCES ${ASRT_CORE_SOURCES})
set_property(TARGET asrt_core_obj
  PROPERTY ASRT_PRIVATE_INCLUDE ${ASRT_CORE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/common)

# With ALLOCSCAN_SANITIZE the two libraries are compiled on their own with
# the sanitizers, so that a sanitized program checks the helpers too
# (ThreadSanitizer must see their atomics). The objects libasrt bundles stay
# plain: they live next to a malloc replacement, which sanitizers cannot.
if(ALLOCSCAN_SANITIZE)
  set(asrt_core_inputs ${ASRT_CORE_SOURCES})
else()
  set(asrt_core_inputs $<TARGET_OBJECTS:asrt_core_obj>)
endif()
add_library(asrt_core SHARED ${asrt_core_inputs})
add_library(asrt_core_static STATIC ${asrt_core_inputs})
set_target_properties(asrt_core_static PROPERTIES OUTPUT_NAME asrt_core)
foreach(lib asrt_core asrt_core_static)
  target_include_directories(${lib}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${ASRT_CORE_DIR} ${CMAKE_CURRENT_SOURCE_DIR}/common)
  target_link_libraries(${lib} PUBLIC Threads::Threads ${CMAKE_DL_LIBS})
  set_target_properties(${lib} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    C_VISIBILITY_PRESET hidden)
  target_compile_options(${lib} PRIVATE ${ASRT_CORE_DEBUG_FLAGS})
  if(ALLOCSCAN_SANITIZE)
    target_compile_options(${lib} PRIVATE
      -fsanitize=${ALLOCSCAN_SANITIZE} -fno-omit-frame-pointer)
    target_link_options(${lib} PUBLIC -fsanitize=${ALLOCSCAN_SANITIZE})
  endif()
endforeach()
set_target_properties(asrt_core PROPERTIES
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})

install(TARGETS asrt_core asrt_core_static EXPORT asrtTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Every public header, as <asrt/NAME.h>: a project's own asrt.h cannot
# shadow it.
install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/asrt/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/asrt FILES_MATCHING PATTERN "*.h")
