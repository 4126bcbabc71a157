// kiln::Source and kiln::Module: reading, parsing, verifying and printing programs.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "api/impl.h"
#include "frontend/parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "passes/pass_manager.h"
#include "passes/pipeline.h"
#include "support/file.h"

namespace kiln {

Expected<Source> Source::read_file(const std::string& path) {
  KILN_TRY(std::string text, read_file_bounded(path, kMaxProgramBytes));
  return Source(std::make_shared<const SourceBuffer>(path == "-" ? "<stdin>" : path, std::move(text)));
}

Source Source::from_text(std::string text, std::string name) {
  return Source(std::make_shared<const SourceBuffer>(std::move(name), std::move(text)));
}

const std::string& Source::name() const { return buffer_->name(); }
const std::string& Source::text() const { return buffer_->text(); }
SourceRange Source::whole() const { return {0, buffer_->text().size()}; }

std::vector<SourceRange> Source::chunks() const {
  std::vector<SourceRange> out;
  for (auto [begin, end] : frontend::split_input_file(buffer_->text())) out.push_back({begin, end});
  return out;
}

std::string Source::where(size_t offset) const {
  auto [line, col] = buffer_->line_col(offset);
  return buffer_->name() + ":" + std::to_string(line);
}

Expected<Module> Source::parse(SourceRange range) const {
  KILN_TRY(auto module, frontend::parse_module(buffer_, range.begin, range.end));
  return Module(std::make_shared<const Module::Impl>(Module::Impl{buffer_, std::move(module)}));
}

Expected<Module> Source::parse() const { return parse(whole()); }

Status Module::verify() const { return ir::verify(*impl_->module); }

std::string Module::print(const PrintOptions& options) const {
  ir::PrintOptions internal;
  internal.generic = options.generic;
  internal.locations = options.locations;
  return ir::print_module(*impl_->module, internal);
}

Expected<std::string> Module::entry_function(std::string_view name) const {
  KILN_TRY(const ir::Operation* f, backend::find_entry(*impl_->module, name));
  return f->attr_as<ir::StringAttr>("sym_name")->value;
}

Expected<Module> optimize(const Module& module, int opt_level) {
  std::unique_ptr<ir::Module> copy = passes::clone_module(*module.impl().module);
  KILN_CHECK_OK(passes::optimize(*copy, opt_level));
  return Module(
      std::make_shared<const Module::Impl>(Module::Impl{module.impl().source, std::move(copy)}));
}

Expected<Module> load_file(const std::string& path) {
  KILN_TRY(Source source, Source::read_file(path));
  KILN_TRY(Module module, source.parse());
  KILN_CHECK_OK(module.verify());
  return module;
}

Expected<Module> load_text(std::string text, std::string name) {
  KILN_TRY(Module module, Source::from_text(std::move(text), std::move(name)).parse());
  KILN_CHECK_OK(module.verify());
  return module;
}

}  // namespace kiln
