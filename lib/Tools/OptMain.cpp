//===- OptMain.cpp - The driver of tilt-opt -------------------------------===//
//
// Reads a file (or stdin), optionally splits it at `// -----` markers, and
// for each part parses, verifies and prints it with a fresh context. With
// --verify-diagnostics the diagnostics are checked against `expected-*`
// comments instead of being printed. The work runs on a thread with a large
// stack so that deeply nested (but accepted) input cannot overflow it.
//
//===----------------------------------------------------------------------===//

#include "tilt/Tools/OptMain.h"
#include "tilt/IR/OpAsm.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Parser/Parser.h"
#include "tilt/Pass/Pass.h"
#include "tilt/Pass/Timing.h"
#include "tilt/Rewrite/PatternApplicator.h"
#include "tilt/Tools/Plugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"
#include <algorithm>
#include <cstring>

using namespace tilt;

namespace {

/// The options of tilt-opt, registered when the tool runs.
struct OptOptions {
  llvm::cl::OptionCategory category{"tilt-opt options"};
  llvm::cl::opt<std::string> inputFilename{
      llvm::cl::Positional, llvm::cl::desc("<input file>"), llvm::cl::init("-"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> outputFilename{
      "o", llvm::cl::desc("Output filename"), llvm::cl::value_desc("filename"),
      llvm::cl::init("-"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> splitInputFile{
      "split-input-file", llvm::cl::ValueOptional,
      llvm::cl::desc("Split the input file into pieces at the marker (default "
                     "'// -----') and process each separately"),
      llvm::cl::init(""), llvm::cl::cat(category)};
  llvm::cl::opt<bool> verifyDiagnostics{
      "verify-diagnostics",
      llvm::cl::desc("Check that emitted diagnostics match expected-* lines in "
                     "the input"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> printGeneric{
      "mlir-print-op-generic",
      llvm::cl::desc("Print operations in the generic form"),
      llvm::cl::cat(category)};
  llvm::cl::alias printGenericAlias{"print-op-generic",
                                    llvm::cl::desc("Alias for "
                                                   "--mlir-print-op-generic"),
                                    llvm::cl::aliasopt(printGeneric)};
  llvm::cl::opt<bool> printDebugInfo{
      "print-debuginfo", llvm::cl::desc("Print locations (loc(...))"),
      llvm::cl::cat(category)};
  llvm::cl::alias printDebugInfoAlias{
      "mlir-print-debuginfo", llvm::cl::desc("Alias for --print-debuginfo"),
      llvm::cl::aliasopt(printDebugInfo)};
  llvm::cl::opt<bool> printLocalScope{
      "mlir-print-local-scope",
      llvm::cl::desc("Print the op as it stands, without location "
                     "aliases and without the closing empty line"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> allowUnregistered{
      "allow-unregistered-dialect",
      llvm::cl::desc("Allow operations, types and attributes of unknown "
                     "dialects"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> verifyRoundtrip{
      "verify-roundtrip",
      llvm::cl::desc("Check that printing and re-parsing (custom and generic "
                     "forms) gives the same IR"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> noImplicitModule{
      "no-implicit-module",
      llvm::cl::desc("Do not wrap the input in a builtin.module; the input "
                     "must hold exactly one top-level operation"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> retainSSANames{
      "retain-ssa-names",
      llvm::cl::desc("Give named block arguments (%A) the location "
                     "loc(\"A\"(...)), so that lowerings name what they make "
                     "after them (tile-to-tt names buffers so)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> passPipeline{
      "pass-pipeline",
      llvm::cl::desc("A textual pass pipeline, e.g. "
                     "'builtin.module(func.func(canonicalize))'"),
      llvm::cl::init(""), llvm::cl::cat(category)};
  llvm::cl::alias passPipelineAlias{"p",
                                    llvm::cl::desc("Alias for --pass-pipeline"),
                                    llvm::cl::aliasopt(passPipeline)};
  llvm::cl::opt<bool> debugRewrites{
      "debug-rewrites",
      llvm::cl::desc("Log each pattern tried on each op to stderr, as an "
                     "indented tree"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> expensiveChecks{
      "rewrite-expensive-checks",
      llvm::cl::desc("Fingerprint the IR around each pattern and fail when "
                     "a pattern returns success without changing the IR, or "
                     "changes it and returns failure (slow)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> verifyEach{
      "verify-each", llvm::cl::desc("Verify the IR after each pass"),
      llvm::cl::init(true), llvm::cl::cat(category)};
  llvm::cl::opt<bool> disableThreading{
      "mlir-disable-threading",
      llvm::cl::desc("Run nested pipelines on the calling thread only"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> timing{
      "mlir-timing",
      llvm::cl::desc("Print the time of parsing, each pass and printing"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> passStatistics{
      "mlir-pass-statistics",
      llvm::cl::desc("Print the statistics of each pass"),
      llvm::cl::cat(category)};
  llvm::cl::list<std::string> printIRBefore{
      "mlir-print-ir-before", llvm::cl::CommaSeparated,
      llvm::cl::value_desc("pass-arg"),
      llvm::cl::desc("Print the IR before the given passes"),
      llvm::cl::cat(category)};
  llvm::cl::alias printIRBeforeAlias{
      "print-ir-before", llvm::cl::desc("Alias for --mlir-print-ir-before"),
      llvm::cl::aliasopt(printIRBefore)};
  llvm::cl::list<std::string> printIRAfter{
      "mlir-print-ir-after", llvm::cl::CommaSeparated,
      llvm::cl::value_desc("pass-arg"),
      llvm::cl::desc("Print the IR after the given passes"),
      llvm::cl::cat(category)};
  llvm::cl::alias printIRAfterAlias{
      "print-ir-after", llvm::cl::desc("Alias for --mlir-print-ir-after"),
      llvm::cl::aliasopt(printIRAfter)};
  llvm::cl::opt<bool> printIRBeforeAll{
      "mlir-print-ir-before-all",
      llvm::cl::desc("Print the IR before each pass"), llvm::cl::cat(category)};
  llvm::cl::alias printIRBeforeAllAlias{
      "print-ir-before-all",
      llvm::cl::desc("Alias for --mlir-print-ir-before-all"),
      llvm::cl::aliasopt(printIRBeforeAll)};
  llvm::cl::opt<bool> printIRAfterAll{
      "mlir-print-ir-after-all", llvm::cl::desc("Print the IR after each pass"),
      llvm::cl::cat(category)};
  llvm::cl::alias printIRAfterAllAlias{
      "print-ir-after-all",
      llvm::cl::desc("Alias for --mlir-print-ir-after-all"),
      llvm::cl::aliasopt(printIRAfterAll)};
  llvm::cl::opt<bool> printIRAfterChange{
      "mlir-print-ir-after-change",
      llvm::cl::desc("When printing the IR after a pass, only print it if "
                     "the pass changed it"),
      llvm::cl::cat(category)};
  llvm::cl::alias printIRAfterChangeAlias{
      "print-ir-after-change",
      llvm::cl::desc("Alias for --mlir-print-ir-after-change"),
      llvm::cl::aliasopt(printIRAfterChange)};
  llvm::cl::opt<bool> printIRAfterFailure{
      "mlir-print-ir-after-failure",
      llvm::cl::desc("Print the IR after a pass that failed (and only then)"),
      llvm::cl::cat(category)};
  llvm::cl::alias printIRAfterFailureAlias{
      "print-ir-after-failure",
      llvm::cl::desc("Alias for --mlir-print-ir-after-failure"),
      llvm::cl::aliasopt(printIRAfterFailure)};
  llvm::cl::opt<bool> showDialects{
      "show-dialects", llvm::cl::desc("Print the available dialects and exit"),
      llvm::cl::cat(category)};
  // Loaded before the command line is parsed (loadPlugins), so that plugin
  // passes have flags; declared so that the parser accepts them.
  llvm::cl::list<std::string> passPlugins{
      "load-pass-plugin",
      llvm::cl::desc("Load passes from a plugin library (tilt/Tools/Plugin.h)"),
      llvm::cl::value_desc("library"), llvm::cl::cat(category)};
  llvm::cl::list<std::string> dialectPlugins{
      "load-dialect-plugin",
      llvm::cl::desc("Load dialects from a plugin library "
                     "(tilt/Tools/Plugin.h)"),
      llvm::cl::value_desc("library"), llvm::cl::cat(category)};
};

/// Loads the plugins named on the command line (`--load-pass-plugin=lib`
/// or `--load-pass-plugin lib`, one or two dashes, and the same for
/// dialects), in order, before the options are parsed.
LogicalResult loadPlugins(int argc, char **argv, DialectRegistry &registry) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--")
      break;
    if (!arg.consume_front("-"))
      continue;
    arg.consume_front("-");
    for (llvm::StringRef kind : {"pass", "dialect"}) {
      std::string flag = ("load-" + kind + "-plugin").str();
      llvm::StringRef path;
      if (arg == flag && i + 1 < argc)
        path = argv[++i];
      else if (arg.startswith(flag + "="))
        path = arg.drop_front(flag.size() + 1);
      else
        continue;
      std::string error;
      LogicalResult loaded = kind == "pass"
                                 ? loadPassPlugin(path, error)
                                 : loadDialectPlugin(path, registry, error);
      if (failed(loaded)) {
        llvm::errs() << argv[0] << ": error: " << error << "\n";
        return failure();
      }
    }
  }
  return success();
}

/// One flag per registered pass (`--canonicalize`, `--canonicalize='opts'`).
struct PassFlags {
  explicit PassFlags(llvm::cl::OptionCategory &category) {
    for (const PassInfo *info : getRegisteredPasses())
      flags.push_back(
          {info,
           std::make_unique<llvm::cl::opt<std::string>>(
               llvm::StringRef(info->argument), llvm::cl::ValueOptional,
               llvm::cl::desc(info->description), llvm::cl::cat(category))});
  }
  /// The passes given as flags, in command-line order, as a pipeline list.
  std::string getPipeline() const {
    std::vector<std::pair<unsigned, std::string>> given;
    for (const auto &[info, flag] : flags)
      if (flag->getNumOccurrences())
        given.push_back(
            {flag->getPosition(),
             info->argument + (flag->empty() ? "" : "{" + *flag + "}")});
    std::sort(given.begin(), given.end());
    std::string pipeline;
    for (const auto &entry : given)
      pipeline += (pipeline.empty() ? "" : ",") + entry.second;
    return pipeline;
  }
  std::vector<
      std::pair<const PassInfo *, std::unique_ptr<llvm::cl::opt<std::string>>>>
      flags;
};

/// The IR printing requested on the command line, if any.
std::optional<IRPrintingConfig> getIRPrintingConfig(const OptOptions &options) {
  bool before = options.printIRBeforeAll || !options.printIRBefore.empty();
  bool after = options.printIRAfterAll || !options.printIRAfter.empty();
  if (!before && !after && !options.printIRAfterFailure)
    return std::nullopt;
  IRPrintingConfig config;
  auto selector = [](bool all, const llvm::cl::list<std::string> &list)
      -> std::function<bool(Pass &)> {
    std::vector<std::string> names(list.begin(), list.end());
    if (all)
      return [](Pass &) { return true; };
    if (names.empty())
      return nullptr;
    return [names](Pass &pass) {
      return llvm::is_contained(names, pass.getArgument().str());
    };
  };
  config.printBefore =
      selector(options.printIRBeforeAll, options.printIRBefore);
  // As in mlir-opt, --mlir-print-ir-after-change only restricts the
  // printing that -after/-after-all ask for.
  config.printAfter = selector(options.printIRAfterAll, options.printIRAfter);
  config.printAfterOnlyOnChange = options.printIRAfterChange;
  config.printAfterOnlyOnFailure = options.printIRAfterFailure;
  if (options.printGeneric)
    config.flags.printGenericOpForm();
  if (options.printDebugInfo)
    config.flags.enableDebugInfo();
  return config;
}

/// The marker that separates pieces with --split-input-file.
llvm::StringRef getSplitMarker(const OptOptions &options) {
  if (options.splitInputFile.empty())
    return "// -----";
  return options.splitInputFile;
}

/// Prints `op` for round-trip comparison.
std::string printForRoundtrip(Operation *op, bool generic, bool debugInfo) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.assumeVerified();
  if (generic)
    flags.printGenericOpForm();
  if (debugInfo)
    flags.enableDebugInfo();
  op->print(os, flags);
  return os.str();
}

/// Re-parses `text` in a fresh context and returns its generic print.
std::optional<std::string> reparseAndPrint(llvm::StringRef text,
                                           const DialectRegistry &registry,
                                           bool allowUnregistered,
                                           bool debugInfo,
                                           llvm::raw_ostream &errs) {
  Context context(registry);
  context.allowUnregisteredDialects(allowUnregistered);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "<roundtrip>"), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, errs);
  OwningOpRef op = parseSourceFileForTool(sourceMgr, &context,
                                          /*insertImplicitModule=*/false);
  if (!op)
    return std::nullopt;
  return printForRoundtrip(op.get(), /*generic=*/true, debugInfo);
}

/// Prints `op` in the generic form (with locations) and in the custom form,
/// parses each back in a fresh context and checks that the IR is the same.
/// The custom form is compared without locations: it does not spell out the
/// location of every value (induction variables, implicit terminators).
LogicalResult verifyRoundtrip(Operation *op, const DialectRegistry &registry,
                              bool allowUnregistered) {
  for (bool generic : {true, false}) {
    bool debugInfo = generic;
    std::string reference = printForRoundtrip(op, true, debugInfo);
    std::string text = printForRoundtrip(op, generic, debugInfo);
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    std::optional<std::string> reprinted = reparseAndPrint(
        text, registry, allowUnregistered, debugInfo, errorStream);
    const char *form = generic ? "generic" : "custom";
    if (!reprinted) {
      InFlightDiagnostic diag = op->emitError();
      diag << "roundtrip verification failed: the " << form
           << " form does not parse back: " << errorStream.str();
      return failure();
    }
    if (*reprinted != reference) {
      InFlightDiagnostic diag = op->emitError();
      diag << "roundtrip verification failed: the " << form
           << " form parses back to different IR";
      return failure();
    }
  }
  return success();
}

/// Parses, verifies and prints one buffer.
LogicalResult processBuffer(llvm::raw_ostream &os,
                            std::unique_ptr<llvm::MemoryBuffer> buffer,
                            const OptOptions &options,
                            const DialectRegistry &registry,
                            llvm::StringRef pipeline, TimingNode *timing) {
  Context context(registry);
  context.allowUnregisteredDialects(options.allowUnregistered);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());

  auto process = [&]() -> LogicalResult {
    // Like mlir-opt, parse with threading off: no locks while uniquing.
    context.disableMultithreading(true);
    ParsedFileMetadata metadata;
    OwningOpRef op;
    {
      TimingScope scope(timing ? &timing->getOrAddChild("Parser") : nullptr);
      ParserConfig config;
      config.retainSSANames = options.retainSSANames;
      op = parseSourceFileForTool(sourceMgr, &context,
                                  !options.noImplicitModule, config, &metadata);
    }
    // Rewrite logs of several threads would interleave: keep one thread.
    context.disableMultithreading(options.disableThreading ||
                                  options.debugRewrites);
    if (!op)
      return failure();
    if (options.verifyRoundtrip &&
        failed(verifyRoundtrip(op.get(), registry, options.allowUnregistered)))
      return failure();
    if (!pipeline.empty()) {
      PassManager pm(&context, op->getName().getStringRef());
      pm.enableVerifier(options.verifyEach);
      std::string error;
      if (failed(parsePassPipeline(pipeline, pm, error)))
        return emitError(&context, Location())
               << "invalid pass pipeline: " << error;
      if (std::optional<IRPrintingConfig> printing =
              getIRPrintingConfig(options))
        pm.enableIRPrinting(std::move(*printing), llvm::errs());
      if (timing)
        pm.enableTiming(*timing);
      LogicalResult result = pm.run(op.get());
      if (options.passStatistics)
        pm.printStatistics(llvm::errs());
      if (failed(result))
        return failure();
    }
    TimingScope scope(timing ? &timing->getOrAddChild("Output") : nullptr);
    OpPrintingFlags flags;
    flags.assumeVerified();
    if (options.printGeneric)
      flags.printGenericOpForm();
    if (options.printDebugInfo)
      flags.enableDebugInfo();
    if (options.printLocalScope)
      flags.useLocalScope();
    op->print(os, flags);
    if (!metadata.fileMetadata.empty())
      os << "\n" << metadata.fileMetadata << "\n";
    // mlir-opt ends its output with an empty line (one newline only under
    // --mlir-print-local-scope, which prints the op without the top-level
    // newline); so does tilt-opt.
    os << "\n";
    return success();
  };

  if (!options.verifyDiagnostics) {
    SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
    return process();
  }
  SourceMgrDiagnosticVerifierHandler handler(sourceMgr, &context, llvm::errs());
  (void)process();
  return handler.verify();
}

/// Splits `buffer` where `marker` occurs, as mlir-opt does
/// (mlir/lib/Support/ToolUtilities.cpp): anywhere in a line, the next piece
/// starting right after the marker. An occurrence of the marker without its
/// last two characters that is not followed by them, or that ends the file,
/// is a near miss: a warning, and no split. Each piece keeps the file's line
/// and column numbers (it is parsed after as many newlines and spaces as
/// precede it) so diagnostics point at the file.
LogicalResult splitAndProcess(std::unique_ptr<llvm::MemoryBuffer> buffer,
                              llvm::raw_ostream &os, const OptOptions &options,
                              const DialectRegistry &registry,
                              llvm::StringRef pipeline, TimingNode *timing) {
  if (options.splitInputFile.getNumOccurrences() == 0)
    return processBuffer(os, std::move(buffer), options, registry, pipeline,
                         timing);
  llvm::StringRef marker = getSplitMarker(options);
  llvm::StringRef text = buffer->getBuffer();
  llvm::StringRef name = buffer->getBufferIdentifier();
  constexpr size_t kCheckLength = 2;
  llvm::StringRef prefix = marker.size() > kCheckLength
                               ? marker.drop_back(kCheckLength)
                               : marker;
  llvm::StringRef suffix = marker.substr(prefix.size());

  // The pieces, and the near misses to warn about.
  llvm::SmallVector<llvm::StringRef, 8> pieces;
  llvm::SmallVector<const char *, 2> nearMisses;
  size_t pieceStart = 0, searchFrom = 0;
  while (true) {
    size_t found = text.find(prefix, searchFrom);
    if (found == llvm::StringRef::npos)
      break;
    size_t after = found + prefix.size();
    llvm::StringRef rest = text.substr(after);
    // mlir-opt splits the text at the prefix and looks at what follows up
    // to the next occurrence: the suffix and at least one more character.
    size_t next = rest.find(prefix);
    llvm::StringRef following =
        next == llvm::StringRef::npos ? rest : rest.take_front(next);
    if (following.startswith(suffix) && following.size() > suffix.size()) {
      pieces.push_back(text.slice(pieceStart, found));
      pieceStart = after + suffix.size();
    } else {
      nearMisses.push_back(text.data() + after);
    }
    searchFrom = after;
  }
  pieces.push_back(text.substr(pieceStart));

  if (!nearMisses.empty()) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(text, name,
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    for (const char *nearMiss : nearMisses)
      sourceMgr.PrintMessage(llvm::errs(), llvm::SMLoc::getFromPointer(nearMiss),
                             llvm::SourceMgr::DK_Warning,
                             "near miss with file split marker");
  }

  // Each piece is parsed from a buffer holding one newline per line of the
  // file before it and one space per column before it on its first line,
  // then the piece. The newlines are shared rather than built per piece
  // (which was quadratic in the number of pieces): one run as long as the
  // file has lines, then room for the widest first column and the largest
  // piece; each piece is copied after its spaces and its buffer starts
  // inside the run.
  // The column a piece starts at: the characters since the newline before
  // it.
  auto columnOf = [&](llvm::StringRef piece) -> size_t {
    size_t offset = piece.data() - text.data();
    size_t newline =
        offset == 0 ? llvm::StringRef::npos : text.rfind('\n', offset - 1);
    return newline == llvm::StringRef::npos ? offset : offset - newline - 1;
  };
  size_t totalLines = text.count('\n');
  size_t largestPiece = 0, widestColumn = 0;
  for (llvm::StringRef piece : pieces) {
    largestPiece = std::max(largestPiece, piece.size());
    widestColumn = std::max(widestColumn, columnOf(piece));
  }
  std::unique_ptr<llvm::WritableMemoryBuffer> scratch =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(
          totalLines + widestColumn + largestPiece + 1, name);
  char *run = scratch->getBufferStart();
  std::memset(run, '\n', totalLines);

  bool hadFailure = false;
  size_t linesBefore = 0;
  const char *counted = text.data();
  for (size_t i = 0; i < pieces.size(); ++i) {
    llvm::StringRef piece = pieces[i];
    linesBefore += std::count(counted, piece.data(), '\n');
    counted = piece.data();
    size_t column = columnOf(piece);
    char *pieceCopy = run + totalLines + column;
    std::memset(run + totalLines, ' ', column);
    std::memcpy(pieceCopy, piece.data(), piece.size());
    pieceCopy[piece.size()] = '\0';
    auto pieceBuffer = llvm::MemoryBuffer::getMemBuffer(
        llvm::StringRef(run + totalLines - linesBefore,
                        linesBefore + column + piece.size()),
        name, /*RequiresNullTerminator=*/false);
    if (failed(processBuffer(os, std::move(pieceBuffer), options, registry,
                             pipeline, timing)))
      hadFailure = true;
    if (i + 1 != pieces.size())
      os << marker << "\n";
  }
  return failure(hadFailure);
}

int runOptMain(int argc, char **argv, llvm::StringRef toolName,
               const DialectRegistry &toolRegistry) {
  // The tool's dialects and those of the plugins.
  DialectRegistry registry;
  toolRegistry.appendTo(registry);
  if (failed(loadPlugins(argc, argv, registry)))
    return 1;
  OptOptions options;
  PassFlags passFlags(options.category);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "Tilt (Tile IR Lowering Toolkit) version 0.1.0\n";
  });
  llvm::cl::HideUnrelatedOptions(options.category);
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, toolName, &llvm::errs()))
    return 1;

  if (options.showDialects) {
    llvm::outs() << "Available Dialects: ";
    std::vector<llvm::StringRef> names = registry.getDialectNames();
    names.insert(names.begin(), "builtin");
    llvm::interleave(names, llvm::outs(), ", ");
    llvm::outs() << "\n";
    return 0;
  }

  setRewriteDebugLogging(options.debugRewrites);
  setRewriteExpensiveChecks(options.expensiveChecks);
  std::string pipeline = passFlags.getPipeline();
  if (!options.passPipeline.empty()) {
    if (!pipeline.empty()) {
      llvm::errs() << argv[0]
                   << ": --pass-pipeline cannot be combined with pass flags\n";
      return 1;
    }
    pipeline = options.passPipeline;
  }
  {
    // Check the pipeline once up front, for a clear error before any work.
    OpPassManager check("builtin.module");
    std::string error;
    if (!pipeline.empty() &&
        failed(parsePassPipeline(pipeline, check, error))) {
      llvm::errs() << argv[0] << ": invalid pass pipeline: " << error << "\n";
      return 1;
    }
  }

  // No NUL terminator is needed, so large files are always memory-mapped
  // (and the parser can give their pages back as it goes).
  auto input =
      llvm::MemoryBuffer::getFileOrSTDIN(options.inputFilename, /*IsText=*/true,
                                         /*RequiresNullTerminator=*/false);
  if (std::error_code error = input.getError()) {
    llvm::errs() << argv[0] << ": could not open input file '"
                 << options.inputFilename << "': " << error.message() << "\n";
    return 1;
  }
  std::error_code error;
  llvm::ToolOutputFile output(options.outputFilename, error,
                              llvm::sys::fs::OF_None);
  if (error) {
    llvm::errs() << argv[0] << ": could not open output file '"
                 << options.outputFilename << "': " << error.message() << "\n";
    return 1;
  }
  std::optional<TimingNode> timing;
  if (options.timing)
    timing.emplace("root");
  auto start = std::chrono::steady_clock::now();
  LogicalResult result =
      splitAndProcess(std::move(*input), output.os(), options, registry,
                      pipeline, timing ? &*timing : nullptr);
  if (timing) {
    std::chrono::duration<double> total =
        std::chrono::steady_clock::now() - start;
    timing->printReport(llvm::errs(), total.count());
  }
  // A write that failed (a full disk, a closed pipe) is an error naming the
  // file, not an abort when the stream is destroyed with its error unread.
  output.os().flush();
  if (output.os().has_error()) {
    llvm::errs() << argv[0] << ": cannot write '" << options.outputFilename
                 << "': " << output.os().error().message() << "\n";
    output.os().clear_error();
    return 1;
  }
  if (failed(result))
    return 1;
  output.keep();
  return 0;
}

} // namespace

int tilt::tiltOptMain(int argc, char **argv, llvm::StringRef toolName,
                      const DialectRegistry &registry) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Recursive algorithms (parser, verifier, printer, destruction) get a
  // large stack; the parser also caps the nesting depth.
  int exitCode = 1;
  llvm::thread worker(llvm::Optional<unsigned>(512u << 20), [&]() {
    exitCode = runOptMain(argc, argv, toolName, registry);
  });
  worker.join();
  return exitCode;
}
