//===- Pass.cpp - Passes and pass managers --------------------------------===//

#include "tilt/Pass/Pass.h"
#include "tilt/IR/Context.h"
#include "tilt/IR/Diagnostics.h"
#include "tilt/IR/FingerPrint.h"
#include "tilt/IR/OpDefinition.h"
#include "tilt/IR/Region.h"
#include "tilt/IR/Verifier.h"
#include "tilt/Pass/Timing.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include <future>
#include <mutex>
#include <variant>

using namespace tilt;

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

Pass::~Pass() = default;

Pass::Statistic::Statistic(Pass *owner, const char *name,
                           const char *description)
    : name(name), description(description) {
  owner->statistics.push_back(this);
}

void PassPipeline::runOnOperation() {
  Operation *op = getOperation();
  PassManager pm(op->getContext(), op->getName().getStringRef());
  buildPipeline(pm);
  if (failed(pm.run(op)))
    signalPassFailure();
}

void Pass::shareStatisticsWith(Pass &other) {
  for (size_t i = 0; i < statistics.size() && i < other.statistics.size(); ++i)
    statistics[i]->target = other.statistics[i]->target;
}

PassInstrumentation::~PassInstrumentation() = default;

LogicalResult Pass::run(Operation *op) {
  operation = op;
  passFailed = false;
  runOnOperation();
  operation = nullptr;
  return failure(passFailed);
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         bool *storage) {
  options.push_back(
      {name.str(), description.str(),
       [storage](llvm::StringRef value) -> LogicalResult {
         if (value.empty() || value == "true" || value == "1") {
           *storage = true;
           return success();
         }
         if (value == "false" || value == "0") {
           *storage = false;
           return success();
         }
         return failure();
       },
       [storage]() { return std::string(*storage ? "true" : "false"); },
       /*expected=*/"true or false"});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         int64_t *storage) {
  options.push_back({name.str(), description.str(),
                     [storage](llvm::StringRef value) -> LogicalResult {
                       int64_t parsed;
                       if (value.getAsInteger(10, parsed))
                         return failure();
                       *storage = parsed;
                       return success();
                     },
                     [storage]() { return std::to_string(*storage); },
                     /*expected=*/"an integer"});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         std::string *storage) {
  options.push_back({name.str(), description.str(),
                     [storage](llvm::StringRef value) -> LogicalResult {
                       *storage = value.str();
                       return success();
                     },
                     [storage]() { return *storage; },
                     /*expected=*/""});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         std::string *storage,
                         std::function<bool(llvm::StringRef)> isValid,
                         llvm::StringRef expected) {
  options.push_back({name.str(), description.str(),
                     [storage, isValid](llvm::StringRef value) -> LogicalResult {
                       if (!isValid(value))
                         return failure();
                       *storage = value.str();
                       return success();
                     },
                     [storage]() { return *storage; }, expected.str()});
}

void Pass::declareOption(llvm::StringRef name, llvm::StringRef description,
                         std::vector<std::string> *storage) {
  OptionInfo info{
      name.str(), description.str(),
      [storage](llvm::StringRef value) -> LogicalResult {
        value = value.trim();
        if (value.startswith("{") && value.endswith("}"))
          value = value.drop_front().drop_back();
        storage->clear();
        llvm::SmallVector<llvm::StringRef, 4> items;
        value.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
        for (llvm::StringRef item : items)
          storage->push_back(item.trim().str());
        return success();
      },
      [storage]() {
        return storage->empty()
                   ? std::string()
                   : "{" + llvm::join(*storage, ",") + "}";
      },
      /*expected=*/""};
  info.isList = true;
  options.push_back(std::move(info));
}

void Pass::copyOptionValuesFrom(const Pass &other) {
  for (size_t i = 0; i < options.size() && i < other.options.size(); ++i)
    (void)options[i].set(other.options[i].get());
}

LogicalResult Pass::setOption(llvm::StringRef name, llvm::StringRef value,
                              std::string &error) {
  for (OptionInfo &option : options) {
    if (option.name != name)
      continue;
    if (succeeded(option.set(value)))
      return success();
    error = ("invalid value '" + value + "' for option '" + name +
             "' of pass '" + getArgument() + "'" +
             (option.expected.empty() ? "" : " (expected " + option.expected + ")"))
                .str();
    return failure();
  }
  std::string known;
  for (const OptionInfo &option : options)
    known += (known.empty() ? "" : ", ") + option.name;
  error = ("pass '" + getArgument() + "' has no option '" + name + "'" +
           (known.empty() ? std::string(" (it takes none)")
                          : " (options: " + known + ")"))
              .str();
  return failure();
}

std::string Pass::getOptionsString() const {
  if (options.empty())
    return "";
  std::string result;
  for (const OptionInfo &option : options) {
    std::string value = option.get();
    if (option.isList && value.empty())
      continue;
    result += (result.empty() ? "{" : " ") + option.name + "=" + value;
  }
  return result.empty() ? "" : result + "}";
}

//===----------------------------------------------------------------------===//
// Run state
//===----------------------------------------------------------------------===//

namespace tilt {
/// What a run needs besides the pipeline: options and instrumentation.
struct PassRunState {
  bool verifyEach = true;
  bool threading = false;
  const IRPrintingConfig *irPrinting = nullptr;
  llvm::raw_ostream *irPrintingStream = nullptr;
  std::mutex irPrintingMutex;
  llvm::ArrayRef<std::unique_ptr<PassInstrumentation>> instrumentations;
};
} // namespace tilt

namespace {
class ParallelOutputCollector;

/// Per-thread state of a threaded nested pipeline: where its diagnostics
/// and IR dumps go, and whether the thread already works for one (nested
/// pipelines inside it run sequentially: LLVM's pool cannot wait on itself).
struct ThreadState {
  ParallelOutputCollector *collector = nullptr;
  int64_t task = -1;
  bool inWorker = false;
};
thread_local ThreadState threadState;

/// Buffers what the tasks of a threaded pipeline emit (diagnostics and IR
/// dumps), per task and in order, to be replayed in task order: the output
/// is then the same as a sequential run's.
class ParallelOutputCollector {
public:
  ParallelOutputCollector(Context *context, size_t numTasks)
      : engine(context->getDiagEngine()), perTask(numTasks) {
    id = engine.registerHandler([this](Diagnostic &diag) -> LogicalResult {
      if (threadState.collector != this || threadState.task < 0)
        return failure();
      perTask[threadState.task].emplace_back(std::move(diag));
      return success();
    });
  }
  ~ParallelOutputCollector() {
    if (id)
      engine.eraseHandler(*id);
  }
  void addDump(std::string text) {
    perTask[threadState.task].emplace_back(std::move(text));
  }
  /// Re-emits what tasks [0, end) emitted, in order.
  void replay(size_t end, PassRunState &state);

private:
  DiagnosticEngine &engine;
  std::optional<DiagnosticEngine::HandlerID> id;
  std::vector<std::vector<std::variant<Diagnostic, std::string>>> perTask;
};

/// Writes IR text: into the collector of a threaded pipeline, else out.
void writeIRDump(PassRunState &state, std::string text) {
  if (threadState.collector && threadState.task >= 0) {
    threadState.collector->addDump(std::move(text));
    return;
  }
  std::lock_guard<std::mutex> lock(state.irPrintingMutex);
  *state.irPrintingStream << text;
  state.irPrintingStream->flush();
}

void ParallelOutputCollector::replay(size_t end, PassRunState &state) {
  engine.eraseHandler(*id);
  id.reset();
  for (size_t i = 0; i < end && i < perTask.size(); ++i)
    for (auto &event : perTask[i]) {
      if (auto *diag = std::get_if<Diagnostic>(&event))
        engine.emit(std::move(*diag));
      else
        writeIRDump(state, std::move(std::get<std::string>(event)));
    }
}

/// Writes one IR dump.
void printIRDump(PassRunState &state, llvm::StringRef header, Pass &pass,
                 Operation *op, bool failedPass = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // MLIR's header: `IR Dump After CSE (cse)`, `... After CSE Failed (cse)`.
  os << "// -----// IR Dump " << header << " " << pass.getName()
     << (failedPass ? " Failed" : "") << " (" << pass.getArgument()
     << ") //----- //\n";
  op->print(os, state.irPrinting->flags);
  os << "\n";
  os.flush();
  writeIRDump(state, std::move(text));
}
} // namespace

//===----------------------------------------------------------------------===//
// OpPassManager
//===----------------------------------------------------------------------===//

OpPassManager::OpPassManager(const OpPassManager &other) { *this = other; }

OpPassManager &OpPassManager::operator=(const OpPassManager &other) {
  if (this == &other)
    return *this;
  anchor = other.anchor;
  elements.clear();
  for (const Element &element : other.elements) {
    Element copy;
    if (element.pass)
      copy.pass = element.pass->clone();
    if (element.nested)
      copy.nested = std::make_unique<OpPassManager>(*element.nested);
    elements.push_back(std::move(copy));
  }
  return *this;
}

OpPassManager::~OpPassManager() = default;

std::unique_ptr<OpPassManager>
OpPassManager::cloneForThread(Context *context) const {
  auto copy = std::make_unique<OpPassManager>(anchor);
  for (const Element &element : elements) {
    Element clone;
    if (element.pass) {
      clone.pass = element.pass->clone();
      clone.pass->shareStatisticsWith(*element.pass);
      // The original's initialize() succeeded with the same options.
      (void)clone.pass->initialize(context);
    }
    if (element.nested)
      clone.nested = element.nested->cloneForThread(context);
    clone.timer = element.timer;
    clone.verifierTimer = element.verifierTimer;
    copy->elements.push_back(std::move(clone));
  }
  return copy;
}

void OpPassManager::addPass(std::unique_ptr<Pass> pass) {
  Element element;
  element.pass = std::move(pass);
  elements.push_back(std::move(element));
}

OpPassManager &OpPassManager::nest(llvm::StringRef nestedAnchor) {
  Element element;
  element.nested = std::make_unique<OpPassManager>(nestedAnchor);
  elements.push_back(std::move(element));
  return *elements.back().nested;
}

void OpPassManager::appendFrom(OpPassManager &&other) {
  if (other.elements.size() == 1 && other.elements[0].nested &&
      other.elements[0].nested->anchor == anchor) {
    appendFrom(std::move(*other.elements[0].nested));
    return;
  }
  for (Element &element : other.elements)
    elements.push_back(std::move(element));
  other.elements.clear();
}

std::string OpPassManager::toString() const {
  std::string result = anchor + "(";
  for (size_t i = 0; i < elements.size(); ++i) {
    if (i)
      result += ",";
    if (elements[i].pass)
      result += elements[i].pass->getArgument().str() +
                elements[i].pass->getOptionsString();
    else
      result += elements[i].nested->toString();
  }
  return result + ")";
}

LogicalResult OpPassManager::initialize(Context *context) {
  for (Element &element : elements) {
    if (element.nested) {
      if (failed(element.nested->initialize(context)))
        return failure();
      continue;
    }
    if (failed(element.pass->initialize(context)))
      return emitError(context, Location())
             << "pass '" << element.pass->getArgument()
             << "' failed to initialize";
  }
  return success();
}

void OpPassManager::attachTimers(TimingNode &parent, bool verifyEach) {
  for (Element &element : elements) {
    if (element.nested) {
      element.timer = &parent.getOrAddChild(
          ("'" + element.nested->getAnchor() + "' Pipeline").str());
      element.nested->attachTimers(*element.timer, verifyEach);
      continue;
    }
    element.timer = &parent.getOrAddChild(element.pass->getName());
    // Verification after the passes of a pipeline, summed.
    if (verifyEach)
      element.verifierTimer = &parent.getOrAddChild("(V) Verifier");
  }
}

void OpPassManager::printStatistics(llvm::raw_ostream &os,
                                    unsigned indent) const {
  for (const Element &element : elements) {
    if (element.nested) {
      os.indent(indent) << "'" << element.nested->getAnchor() << "' Pipeline\n";
      element.nested->printStatistics(os, indent + 2);
      continue;
    }
    os.indent(indent) << element.pass->getName() << "\n";
    for (const Pass::Statistic *statistic : element.pass->getStatistics())
      os.indent(indent + 2)
          << "(S) " << statistic->getValue() << " " << statistic->getName()
          << " - " << statistic->getDescription() << "\n";
  }
}

LogicalResult OpPassManager::run(Operation *op, PassRunState &state) {
  for (Element &element : elements) {
    if (failed(element.nested ? runNested(element, op, state)
                              : runPass(element, op, state)))
      return failure();
  }
  return success();
}

LogicalResult OpPassManager::runPass(Element &element, Operation *op,
                                     PassRunState &state) {
  Pass &pass = *element.pass;
  if (auto name = pass.getOpName()) {
    if (op->getName().getStringRef() != *name)
      return op->emitError()
             << "pass '" << pass.getArgument() << "' runs on '" << *name
             << "' but was given '" << op->getName().getStringRef() << "'";
  }
  const IRPrintingConfig *printing = state.irPrinting;
  if (printing && printing->printBefore && printing->printBefore(pass))
    printIRDump(state, "Before", pass, op);
  bool printAfter =
      printing && ((printing->printAfter && printing->printAfter(pass)) ||
                   printing->printAfterOnlyOnFailure);
  std::optional<OperationFingerPrint> before;
  if (printAfter && printing->printAfterOnlyOnChange)
    before.emplace(op);
  for (auto &instrumentation : state.instrumentations)
    instrumentation->runBeforePass(pass, op);

  LogicalResult result = success();
  {
    TimingScope timing(element.timer);
    result = pass.run(op);
  }
  if (failed(result)) {
    for (auto &instrumentation : state.instrumentations)
      instrumentation->runAfterPassFailed(pass, op);
    if (printAfter)
      printIRDump(state, "After", pass, op, /*failedPass=*/true);
    InFlightDiagnostic diag = op->emitError();
    diag << "pass '" << pass.getArgument() << "'";
    if (pass.getName() != pass.getArgument())
      diag << " (" << pass.getName() << ")";
    diag << " failed on '" << op->getName().getStringRef() << "'";
    return failure();
  }
  for (auto &instrumentation : state.instrumentations)
    instrumentation->runAfterPass(pass, op);
  if (printAfter && !printing->printAfterOnlyOnFailure &&
      (!before || *before != OperationFingerPrint(op)))
    printIRDump(state, "After", pass, op);

  if (state.verifyEach) {
    TimingScope timing(element.verifierTimer);
    if (failed(verify(op)))
      return op->emitError()
             << "the IR is invalid after pass '" << pass.getArgument() << "'";
  }
  return success();
}

LogicalResult OpPassManager::runNested(Element &element, Operation *op,
                                       PassRunState &state) {
  OpPassManager &nested = *element.nested;
  TimingScope timing(element.timer);
  bool anyAnchor = nested.getAnchor() == "any";
  // Collect first: passes may not add or remove the ops they run on.
  std::vector<Operation *> targets;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &child : block)
        if (anyAnchor ? child.hasTrait<OpTrait::IsIsolatedFromAbove>()
                      : child.getName().getStringRef() == nested.getAnchor())
          targets.push_back(&child);
  for (Operation *target : targets)
    if (!target->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return target->emitError() << "cannot run a nested pipeline on '"
                                 << target->getName().getStringRef()
                                 << "': it is not isolated from above";

  Context *context = op->getContext();
  bool threaded = state.threading && targets.size() > 1 &&
                  !threadState.inWorker && context->isMultithreadingEnabled();
  llvm::ThreadPool *pool = threaded ? &context->getThreadPool() : nullptr;
  if (pool && pool->getThreadCount() < 2)
    threaded = false;
  if (!threaded) {
    for (Operation *target : targets)
      if (failed(nested.run(target, state)))
        return failure();
    return success();
  }

  // One pipeline copy per thread; this thread works too, on the original.
  size_t numWorkers = std::min<size_t>(pool->getThreadCount(), targets.size());
  std::vector<std::unique_ptr<OpPassManager>> copies;
  for (size_t i = 1; i < numWorkers; ++i)
    copies.push_back(nested.cloneForThread(context));

  ParallelOutputCollector collector(context, targets.size());
  std::atomic<size_t> nextTask{0};
  // Tasks from the first failure on are not started (as sequentially).
  std::atomic<size_t> firstFailure{targets.size()};
  auto work = [&](OpPassManager &pm) {
    ThreadState saved = threadState;
    threadState.inWorker = true;
    threadState.collector = &collector;
    while (true) {
      size_t task = nextTask.fetch_add(1);
      if (task >= targets.size() || task > firstFailure.load())
        break;
      threadState.task = task;
      if (failed(pm.run(targets[task], state))) {
        size_t current = firstFailure.load();
        while (task < current &&
               !firstFailure.compare_exchange_weak(current, task))
          ;
      }
    }
    threadState = saved;
  };
  std::vector<std::shared_future<void>> futures;
  for (auto &copy : copies)
    futures.push_back(pool->async([&work, pm = copy.get()] { work(*pm); }));
  work(nested);
  for (auto &future : futures)
    future.wait();

  collector.replay(std::min(firstFailure.load() + 1, targets.size()), state);
  return failure(firstFailure.load() != targets.size());
}

//===----------------------------------------------------------------------===//
// PassManager
//===----------------------------------------------------------------------===//

PassManager::PassManager(Context *context, llvm::StringRef anchor)
    : OpPassManager(anchor), context(context) {}

PassManager::~PassManager() = default;

void PassManager::enableIRPrinting(IRPrintingConfig config,
                                   llvm::raw_ostream &os) {
  irPrinting = std::move(config);
  irPrintingStream = &os;
}

void PassManager::enableTiming(TimingNode &parent) { timingRoot = &parent; }

void PassManager::addInstrumentation(
    std::unique_ptr<PassInstrumentation> instrumentation) {
  instrumentations.push_back(std::move(instrumentation));
}

void PassManager::printStatistics(llvm::raw_ostream &os) const {
  const char *rule = "===-------------------------------------------------"
                     "------------------------===\n";
  os << rule << "                         ... Pass statistics report ...\n"
     << rule;
  OpPassManager::printStatistics(os, 0);
  os.flush();
}

LogicalResult PassManager::run(Operation *op) {
  if (getAnchor() != "any" && op->getName().getStringRef() != getAnchor())
    return op->emitError() << "the pipeline is anchored on '" << getAnchor()
                           << "' but runs on '" << op->getName().getStringRef()
                           << "'";
  if (failed(initialize(context)))
    return failure();
  if (timingRoot)
    attachTimers(*timingRoot, verifyEach);
  PassRunState state;
  state.verifyEach = verifyEach;
  state.threading = context->isMultithreadingEnabled();
  state.irPrinting = irPrinting ? &*irPrinting : nullptr;
  state.irPrintingStream = irPrintingStream;
  state.instrumentations = instrumentations;
  return OpPassManager::run(op, state);
}
