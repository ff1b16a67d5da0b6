# A model that must not load: the probe must exit with status 1 (a load error,
# not a crash or a sanitizer report), its message must contain the text of the
# model's <!-- expect-error: TEXT --> comment (case-insensitive) and, when the
# model has <!-- expect-line: N -->, point at that line as "file.xml:N:".
# usage: cmake -DPROBE=<probe> -DMODEL=<file.xml> -P check_bad.cmake
file(READ "${MODEL}" text)
if(NOT text MATCHES "<!--[ \t\r\n]*expect-error:[ \t]*([^>]*[^ \t\r\n>-])[ \t]*-->")
  message(FATAL_ERROR "${MODEL}: no <!-- expect-error: TEXT --> comment")
endif()
set(want "${CMAKE_MATCH_1}")
set(want_line "")
if(text MATCHES "<!--[ \t]*expect-line:[ \t]*([0-9]+)[ \t]*-->")
  get_filename_component(base "${MODEL}" NAME)
  set(want_line "${base}:${CMAKE_MATCH_1}:")
endif()

execute_process(COMMAND "${PROBE}" "${MODEL}" --steps 1
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT status STREQUAL "1")
  message(FATAL_ERROR "${MODEL}: expected a load error (exit 1), got '${status}'\n${out}\n${err}")
endif()
if(err MATCHES "(ERROR: (Address|Leak)Sanitizer|runtime error:)")
  message(FATAL_ERROR "${MODEL}: sanitizer report\n${err}")
endif()
string(TOLOWER "${out}" out_lower)
string(TOLOWER "${want}" want_lower)
string(FIND "${out_lower}" "${want_lower}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "${MODEL}: message does not contain \"${want}\":\n${out}")
endif()
if(want_line)
  string(FIND "${out}" "${want_line}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${MODEL}: message does not point at ${want_line}:\n${out}")
  endif()
endif()
message(STATUS "ok: ${out}")
