# libasrt: the bounded-arena allocator (runtime/alloc/) plus, when core.cmake
# defined it, the helpers' objects (asrt_core_obj), as libasrt.so and
# libasrt.a. The allocator is never built with sanitizers: it replaces the
# malloc they intercept.
file(GLOB asrt_alloc_sources CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/alloc/*.c)
add_library(asrt_alloc_obj OBJECT ${asrt_alloc_sources})
set_target_properties(asrt_alloc_obj PROPERTIES POSITION_INDEPENDENT_CODE ON)
find_package(Threads REQUIRED)
# The compiler must not treat our own malloc family as the builtins (it
# would, e.g., fuse malloc+memset inside calloc into a call to calloc).
target_compile_options(asrt_alloc_obj PRIVATE
  -fno-builtin-malloc -fno-builtin-calloc -fno-builtin-realloc
  -fno-builtin-free -fno-plt)
# mmap flags, mremap, sched_getaffinity, fdopen: GNU/Linux interfaces.
target_compile_definitions(asrt_alloc_obj PRIVATE _GNU_SOURCE)
target_include_directories(asrt_alloc_obj PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/alloc ${CMAKE_CURRENT_SOURCE_DIR}/common)

set(asrt_objects $<TARGET_OBJECTS:asrt_alloc_obj>)
if(TARGET asrt_core_obj)
  list(APPEND asrt_objects $<TARGET_OBJECTS:asrt_core_obj>)
endif()

add_library(asrt SHARED ${asrt_objects})
add_library(asrt_static STATIC ${asrt_objects})
set_target_properties(asrt asrt_static PROPERTIES OUTPUT_NAME asrt)
set_target_properties(asrt PROPERTIES
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
target_link_libraries(asrt PRIVATE Threads::Threads)
target_link_libraries(asrt_static INTERFACE Threads::Threads)
# The helpers' header (<asrt/asrt.h>) comes with the library.
foreach(lib asrt asrt_static)
  target_include_directories(${lib} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

install(TARGETS asrt asrt_static EXPORT asrtTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
