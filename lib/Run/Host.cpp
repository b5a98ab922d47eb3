//===- Host.cpp - Building and starting host programs ---------------------===//
//
// Where the emulator is, building generated host programs against it (a
// built program is cached under a hash of everything that went into it),
// and running a program with its output in a log file.
//
//===----------------------------------------------------------------------===//

#include "Host.h"
#include "tilt/Run/HostProgram.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA1.h"

#include <atomic>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

// The library's build (lib/Run/CMakeLists.txt) defines these; the defaults
// keep the file compilable on its own.
#ifndef TILT_EMULATOR_LIBRARY_NAME
#define TILT_EMULATOR_LIBRARY_NAME "libTiltEmulator.a"
#endif
#ifndef TILT_INSTALL_LIBDIR
#define TILT_INSTALL_LIBDIR "lib"
#endif
#ifndef TILT_INSTALL_INCLUDEDIR
#define TILT_INSTALL_INCLUDEDIR "include"
#endif
#ifndef TILT_INSTALL_FULL_LIBDIR
#define TILT_INSTALL_FULL_LIBDIR "/usr/local/lib"
#endif
#ifndef TILT_INSTALL_FULL_INCLUDEDIR
#define TILT_INSTALL_FULL_INCLUDEDIR "/usr/local/include"
#endif
#ifndef TILT_HOST_CXX
#define TILT_HOST_CXX "c++"
#endif
#ifndef TILT_HOST_SANITIZE
#define TILT_HOST_SANITIZE ""
#endif

using namespace tilt;
using namespace tilt::run;

//===----------------------------------------------------------------------===//
// Where the emulator is
//===----------------------------------------------------------------------===//

/// A suffix for a file built and then renamed into the cache: unique to
/// this process and this build, so that builds of one program by several
/// threads (one kernel called from a thread pool) do not write one file.
static std::string getTemporarySuffix() {
  static std::atomic<unsigned> counter{0};
  return ".tmp" + std::to_string(::getpid()) + "." +
         std::to_string(counter.fetch_add(1));
}

static std::string getEnvOr(const char *name, const std::string &otherwise) {
  const char *value = std::getenv(name);
  return value && *value ? value : otherwise;
}

/// The directory of the binary this code is linked into: the shared
/// libTiltRun, or the executable (or Python extension) a static libTiltRun
/// is part of. dladdr names a shared object by the path it was loaded
/// from, but the main executable only by its argv[0], so that one comes
/// from /proc/self/exe.
static std::string getDirectoryOfThisBinary() {
  static int anchor;
  Dl_info info;
  struct link_map *map = nullptr;
  std::string binary;
  if (dladdr1(static_cast<void *>(&anchor), &info,
              reinterpret_cast<void **>(&map), RTLD_DL_LINKMAP) &&
      map && map->l_name && map->l_name[0])
    binary = map->l_name;
  else
    binary = llvm::sys::fs::getMainExecutable("tilt", &anchor);
  llvm::SmallString<256> real;
  if (!llvm::sys::fs::real_path(binary, real))
    binary = real.str().str();
  return llvm::sys::path::parent_path(binary).str();
}

/// Finds the emulator in the nearest ancestor of `start` that has both its
/// library and its headers, as the build tree and an install prefix do:
/// `<libdir>/<library>` (the install's libdir, or `lib` as in the build
/// tree) and `<includedir>/tilt/Emulator/metalium`.
static bool findEmulatorAbove(llvm::StringRef start, std::string &library,
                              std::string &include) {
  auto findIn = [](llvm::StringRef dir, llvm::ArrayRef<llvm::StringRef> subdirs,
                   llvm::StringRef leaf, llvm::StringRef probe,
                   std::string &found) {
    for (llvm::StringRef subdir : subdirs) {
      if (llvm::sys::path::is_absolute(subdir))
        continue;
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, subdir, leaf);
      llvm::SmallString<256> probed(path);
      if (!probe.empty())
        llvm::sys::path::append(probed, probe);
      if (llvm::sys::fs::exists(probed)) {
        found = path.str().str();
        return true;
      }
    }
    return false;
  };
  for (std::string dir = start.str(); !dir.empty();) {
    if (findIn(dir, {TILT_INSTALL_LIBDIR, "lib"}, TILT_EMULATOR_LIBRARY_NAME,
               "", library) &&
        findIn(dir, {TILT_INSTALL_INCLUDEDIR, "include"},
               "tilt/Emulator/metalium", "api/dataflow/dataflow_api.h",
               include))
      return true;
    std::string parent = llvm::sys::path::parent_path(dir).str();
    if (parent == dir)
      break;
    dir = parent;
  }
  return false;
}

EmulatorOptions run::resolveEmulator(const EmulatorOptions &options) {
  EmulatorOptions resolved = options;
  std::string library, include;
  if (!findEmulatorAbove(getDirectoryOfThisBinary(), library, include)) {
    library = TILT_INSTALL_FULL_LIBDIR "/" TILT_EMULATOR_LIBRARY_NAME;
    include = TILT_INSTALL_FULL_INCLUDEDIR "/tilt/Emulator/metalium";
  }
  if (resolved.library.empty())
    resolved.library = getEnvOr("TILT_EMU_LIB", library);
  if (resolved.includeDir.empty())
    resolved.includeDir = getEnvOr("TILT_EMU_INCLUDE", include);
  if (resolved.compiler.empty())
    resolved.compiler = getEnvOr("TILT_EMU_CXX", TILT_HOST_CXX);
  if (resolved.cacheDir.empty()) {
    if (const char *dir = std::getenv("TILT_CACHE_DIR"); dir && *dir)
      resolved.cacheDir = dir;
    else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
      resolved.cacheDir = std::string(xdg) + "/tilt";
    else if (const char *home = std::getenv("HOME"); home && *home)
      resolved.cacheDir = std::string(home) + "/.cache/tilt";
    else
      resolved.cacheDir = "/tmp/.cache/tilt";
  }
  return resolved;
}

//===----------------------------------------------------------------------===//
// Running a program
//===----------------------------------------------------------------------===//

std::string run::readText(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

std::vector<std::string>
run::getEnvironmentWithout(llvm::ArrayRef<llvm::StringRef> names) {
  std::vector<std::string> environment;
  for (char **entry = environ; *entry; ++entry) {
    llvm::StringRef text(*entry);
    if (llvm::none_of(names, [&](llvm::StringRef name) {
          return text.startswith(name) &&
                 text.drop_front(name.size()).startswith("=");
        }))
      environment.push_back(text.str());
  }
  return environment;
}

int run::executeProgram(llvm::StringRef program,
                        llvm::ArrayRef<std::string> args,
                        llvm::ArrayRef<std::string> environment,
                        llvm::StringRef log, std::string &error,
                        unsigned secondsToWait) {
  std::vector<llvm::StringRef> argv = {program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::string logPath = log.str();
  std::vector<llvm::StringRef> env;
  for (const std::string &entry : environment)
    env.push_back(entry);
    // llvm::Optional up to LLVM 15, std::optional from 16 on.
#if LLVM_VERSION_MAJOR < 16
  using OptionalRef = llvm::Optional<llvm::StringRef>;
  llvm::Optional<llvm::ArrayRef<llvm::StringRef>> envRef;
#else
  using OptionalRef = std::optional<llvm::StringRef>;
  std::optional<llvm::ArrayRef<llvm::StringRef>> envRef;
#endif
  OptionalRef redirects[] = {OptionalRef(), OptionalRef(logPath),
                             OptionalRef(logPath)};
  if (!environment.empty())
    envRef = llvm::ArrayRef<llvm::StringRef>(env);
  llvm::ArrayRef<OptionalRef> redirected = redirects;
  if (log.empty())
    redirected = {};
  return llvm::sys::ExecuteAndWait(program, argv, envRef, redirected,
                                   secondsToWait, 0, &error);
}

//===----------------------------------------------------------------------===//
// Building the host program
//===----------------------------------------------------------------------===//

/// Hashes the text of every file under `dir` (the emulator's headers), in
/// a stable order.
static void hashDirectory(llvm::StringRef dir, llvm::SHA1 &hasher) {
  std::vector<std::string> files;
  std::error_code code;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, code), end;
       it != end && !code; it.increment(code))
    if (it->type() == llvm::sys::fs::file_type::regular_file)
      files.push_back(it->path());
  llvm::sort(files);
  for (const std::string &file : files) {
    hasher.update(file);
    hasher.update(readText(file));
  }
}

/// Precompiles the `#include <...>` lines of `text` (a generated host
/// program's system headers: the Metalium host API and the standard library,
/// half of its build time) once per compiler, flags and emulator headers
/// (`stamp`, not the library: a rebuilt library needs no new one of these 70 MB
/// files), and returns the header to pass with `-include`; "" when the compiler
/// cannot. GCC and Clang look for `<header>.gch` next to it and parse the
/// header itself when the precompiled one does not fit the flags, so the
/// result never depends on this.
static std::string precompileHostHeaders(llvm::StringRef text,
                                         llvm::StringRef compiler,
                                         llvm::ArrayRef<std::string> flags,
                                         const EmulatorOptions &emulator,
                                         llvm::StringRef stamp) {
  std::string includes;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (llvm::StringRef line : lines)
    if (line.startswith("#include <"))
      includes += line.str() + "\n";
  if (includes.empty())
    return "";
  llvm::SHA1 hasher;
  hasher.update(includes);
  for (const std::string &flag : flags)
    hasher.update(flag);
  hasher.update(compiler);
  hasher.update(stamp);
  std::string key = llvm::toHex(hasher.final()).substr(0, 20);
  llvm::SmallString<128> dir(emulator.cacheDir);
  llvm::sys::path::append(dir, "pch", key);
  std::string header = (dir + "/host.hpp").str();
  std::string precompiled = header + ".gch";
  if (llvm::sys::fs::exists(precompiled))
    return header;
  if (llvm::sys::fs::create_directories(dir))
    return "";
  std::string suffix = getTemporarySuffix();
  {
    std::error_code code;
    llvm::raw_fd_ostream out(header + suffix, code);
    if (code)
      return "";
    out << includes;
  }
  if (llvm::sys::fs::rename(header + suffix, header))
    return "";
  std::vector<std::string> args(flags.begin(), flags.end());
  for (const char *arg : {"-x", "c++-header"})
    args.push_back(arg);
  args.push_back(header);
  args.push_back("-o");
  args.push_back(precompiled + suffix);
  std::string execError;
  std::string log = precompiled + suffix + ".log";
  int exitCode = executeProgram(compiler, args, {}, log, execError);
  llvm::sys::fs::remove(log);
  if (exitCode != 0 ||
      llvm::sys::fs::rename(precompiled + suffix, precompiled)) {
    llvm::sys::fs::remove(precompiled + suffix);
    return "";
  }
  return header;
}

/// Fails with `error` set when the emulator's library or headers are not
/// where `emulator` says.
static LogicalResult checkEmulator(const EmulatorOptions &emulator,
                                   std::string &error) {
  if (llvm::sys::fs::exists(emulator.library) &&
      llvm::sys::fs::exists(emulator.includeDir +
                            "/api/dataflow/dataflow_api.h"))
    return success();
  error = "cannot find the emulator (library '" + emulator.library +
          "', headers '" + emulator.includeDir +
          "'): set TILT_EMU_LIB and TILT_EMU_INCLUDE";
  return failure();
}

/// The flags every host program is compiled with: C++20 (tt-metal's host
/// API needs it), the emulator's headers, and the sanitizers the emulator
/// library was built with (TILT_SANITIZE), so that it can be linked.
/// -pthread in the flags, not only at the link: Clang refuses a
/// precompiled header built without it.
static std::vector<std::string> getHostFlags(const EmulatorOptions &emulator,
                                             bool warnings) {
  std::vector<std::string> flags = {"-std=c++20", "-O1"};
  if (warnings)
    flags.insert(flags.end(), {"-Wall", "-Wextra"});
  flags.push_back("-pthread");
  flags.push_back("-I" + emulator.includeDir);
  if (llvm::StringRef(TILT_HOST_SANITIZE).size()) {
    flags.push_back(std::string("-fsanitize=") + TILT_HOST_SANITIZE);
    flags.push_back("-fno-omit-frame-pointer");
  }
  return flags;
}

/// Appends the link of the emulator to a host program's compile command:
/// all of the library (the kernels, loaded later with dlopen, call parts
/// of the emulator's compute API that the host program itself does not),
/// its symbols exported to them.
static void appendEmulatorLink(std::vector<std::string> &args,
                               const EmulatorOptions &emulator) {
  for (const std::string &arg :
       {std::string("-Wl,--whole-archive"), emulator.library,
        std::string("-Wl,--no-whole-archive"), std::string("-rdynamic"),
        std::string("-ldl")})
    args.push_back(arg);
}

LogicalResult run::buildHostProgram(llvm::ArrayRef<std::string> sources,
                                    llvm::ArrayRef<std::string> extraFlags,
                                    const EmulatorOptions &emulator,
                                    llvm::StringRef binary, std::string &output,
                                    std::string &error) {
  if (failed(checkEmulator(emulator, error)))
    return failure();
  auto compilerPath = llvm::sys::findProgramByName(emulator.compiler);
  if (!compilerPath) {
    error = "cannot find the C++ compiler '" + emulator.compiler + "'";
    return failure();
  }
  std::vector<std::string> args = getHostFlags(emulator, /*warnings=*/false);
  args.insert(args.end(), extraFlags.begin(), extraFlags.end());
  args.insert(args.end(), sources.begin(), sources.end());
  appendEmulatorLink(args, emulator);
  args.push_back("-o");
  args.push_back(binary.str());
  std::string log = (binary + ".log").str();
  std::string execError;
  int exitCode = executeProgram(*compilerPath, args, {}, log, execError);
  output = readText(log);
  llvm::sys::fs::remove(log);
  if (exitCode != 0) {
    error = "the host program does not compile:\n" + output + execError;
    return failure();
  }
  return success();
}

LogicalResult run::buildHost(llvm::StringRef workDir,
                             const EmulatorOptions &emulator,
                             llvm::raw_ostream *progress, std::string &binary,
                             std::string &error) {
  if (failed(checkEmulator(emulator, error)))
    return failure();
  const std::string &library = emulator.library;
  const std::string &include = emulator.includeDir;
  const std::string &compiler = emulator.compiler;
  llvm::SmallString<128> source(workDir);
  llvm::sys::path::append(source, "main.cpp");
  std::vector<std::string> flags = getHostFlags(emulator, /*warnings=*/true);
  // The emulator's headers, then its library.
  llvm::SHA1 headerHasher;
  hashDirectory(include, headerHasher);
  std::string headerStamp = llvm::toHex(headerHasher.final());
  // host_io.cpp, the part every host program shares, is compiled once
  // (per its text, the flags, the compiler and the emulator's headers) into
  // an object the programs link.
  llvm::SmallString<128> ioSource(workDir), ioHeader(workDir);
  llvm::sys::path::append(ioSource, "host_io.cpp");
  llvm::sys::path::append(ioHeader, "host_io.hpp");
  std::string ioText = readText(ioSource), ioHeaderText = readText(ioHeader);
  // The cache key: the sources, the flags, the compiler and the emulator.
  std::string text = readText(source);
  llvm::SHA1 hasher;
  hasher.update(text);
  hasher.update(ioHeaderText);
  hasher.update(ioText);
  for (const std::string &flag : flags)
    hasher.update(flag);
  hasher.update(compiler);
  hasher.update("whole-archive");
  hasher.update(headerStamp);
  hasher.update(library);
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(library, status)) {
    hasher.update(std::to_string(status.getSize()));
    hasher.update(std::to_string(
        status.getLastModificationTime().time_since_epoch().count()));
  }
  std::string key = llvm::toHex(hasher.final()).substr(0, 20);
  std::string hostDir = emulator.cacheDir + "/hosts";
  llvm::sys::fs::create_directories(hostDir);
  binary = hostDir + "/" + key;
  if (llvm::sys::fs::exists(binary))
    return success();
  auto compilerPath = llvm::sys::findProgramByName(compiler);
  if (!compilerPath) {
    error = "cannot find the C++ compiler '" + compiler + "'";
    return failure();
  }
  std::string temporary = binary + getTemporarySuffix();
  llvm::SmallString<128> log(workDir);
  llvm::sys::path::append(log, "host-build.log");
  std::string execError, output;
  std::string ioObject;
  if (!ioText.empty()) {
    llvm::SHA1 ioHasher;
    ioHasher.update(ioHeaderText);
    ioHasher.update(ioText);
    for (const std::string &flag : flags)
      ioHasher.update(flag);
    ioHasher.update(compiler);
    ioHasher.update(headerStamp);
    std::string objectDir = emulator.cacheDir + "/objects";
    llvm::sys::fs::create_directories(objectDir);
    ioObject = objectDir + "/host_io-" +
               llvm::toHex(ioHasher.final()).substr(0, 20) + ".o";
    if (!llvm::sys::fs::exists(ioObject)) {
      std::string ioTemporary = ioObject + getTemporarySuffix();
      std::vector<std::string> args = flags;
      for (const std::string &arg : {std::string("-c"), ioSource.str().str(),
                                     std::string("-o"), ioTemporary})
        args.push_back(arg);
      int exitCode = executeProgram(*compilerPath, args, {}, log, execError);
      if (exitCode != 0 || llvm::sys::fs::rename(ioTemporary, ioObject)) {
        llvm::sys::fs::remove(ioTemporary);
        error = "host_io.cpp does not compile:\n" + readText(log) + execError;
        return failure();
      }
    }
  }
  auto compile = [&](llvm::StringRef headers) {
    std::vector<std::string> args = flags;
    if (!headers.empty()) {
      args.push_back("-include");
      args.push_back(headers.str());
    }
    args.push_back(source.str().str());
    if (!ioObject.empty())
      args.push_back(ioObject);
    appendEmulatorLink(args, emulator);
    args.push_back("-o");
    args.push_back(temporary);
    execError.clear();
    int exitCode = executeProgram(*compilerPath, args, {}, log, execError);
    output = readText(log);
    return exitCode;
  };
  std::string headers =
      precompileHostHeaders(text, *compilerPath, flags, emulator, headerStamp);
  int exitCode = compile(headers);
  // Without the precompiled headers, should they be what failed (a
  // compiler that reads them differently): the program is the same.
  if (exitCode != 0 && !headers.empty())
    exitCode = compile("");
  if (exitCode != 0) {
    error = "the host program does not compile:\n" + output + execError;
    return failure();
  }
  if (!output.empty() && progress)
    *progress << output;
  if (std::error_code code = llvm::sys::fs::rename(temporary, binary)) {
    error = "cannot move the host program into the cache: " + code.message();
    return failure();
  }
  return success();
}
