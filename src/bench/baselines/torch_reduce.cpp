// PyTorch eager versions of the reductions (all elements, rows, columns), argmax/argmin,
// softmax and logsumexp, the prefix sums, sort, gemv and the GEMM ceiling. PyTorch's
// reductions accumulate 16-bit inputs in f32 (as the specs do); its cumsum does not, so the
// 16-bit scans ask for an f32 cumsum and round it into the output.
#include "torch_baselines.h"

namespace kiln::baselines {
namespace {

bool is_16bit(const at::Tensor& t) {
  return t.scalar_type() == at::kHalf || t.scalar_type() == at::kBFloat16;
}

// out = cumsum(x, dim) with f32 accumulation.
void cumsum_f32(at::Tensor& out, const at::Tensor& x, int64_t dim) {
  if (is_16bit(x)) {
    assign(out, at::cumsum(x, dim, at::kFloat));
  } else {
    at::cumsum_out(out, x, dim);
  }
}

// Over every element (x of any rank, viewed flat) into a rank-0 output.
std::vector<TorchKernel> all_element_kernels() {
  return {
      {"sum", 1, 1, "torch.sum",
       [](TorchArgs& a) { at::sum_out(a.out[0], a.in[0].reshape({-1}), at::IntArrayRef{0}); }},
      {"max", 1, 1, "torch.max", [](TorchArgs& a) { at::max_out(a.out[0], a.in[0]); }},
      {"min", 1, 1, "torch.min", [](TorchArgs& a) { at::min_out(a.out[0], a.in[0]); }},
      {"prod", 1, 1, "torch.prod",
       [](TorchArgs& a) { at::prod_out(a.out[0], a.in[0].reshape({-1}), 0); }},
  };
}

// x [R, C] reduced over `dim` (1: rows, 0: columns).
std::vector<TorchKernel> axis_kernels(const char* suffix, int64_t dim) {
  std::string s = suffix;
  return {
      {"sum" + s, 1, 1, "torch.sum(dim)",
       [dim](TorchArgs& a) { at::sum_out(a.out[0], a.in[0], at::IntArrayRef{dim}); }},
      {"max" + s, 1, 1, "torch.amax(dim)",
       [dim](TorchArgs& a) { at::amax_out(a.out[0], a.in[0], at::IntArrayRef{dim}); }},
      {"min" + s, 1, 1, "torch.amin(dim)",
       [dim](TorchArgs& a) { at::amin_out(a.out[0], a.in[0], at::IntArrayRef{dim}); }},
      {"prod" + s, 1, 1, "torch.prod(dim)",
       [dim](TorchArgs& a) { at::prod_out(a.out[0], a.in[0], dim); }},
  };
}

// x [R, C] -> [R] over the last dim. argmax's indices are int64 in PyTorch: copy_ narrows them
// to the spec's i32.
std::vector<TorchKernel> row_kernels() {
  return {
      {"argmax", 1, 1, "torch.argmax(dim=-1) + copy_ to int32",
       [](TorchArgs& a) { assign(a.out[0], at::argmax(a.in[0], 1)); }},
      {"argmin", 1, 1, "torch.argmin(dim=-1) + copy_ to int32",
       [](TorchArgs& a) { assign(a.out[0], at::argmin(a.in[0], 1)); }},
      {"softmax", 1, 1, "torch.softmax(dim=-1)",
       [](TorchArgs& a) { at::softmax_out(a.out[0], a.in[0], 1); }},
      {"logsumexp", 1, 1, "torch.logsumexp(dim=-1)",
       [](TorchArgs& a) { at::logsumexp_out(a.out[0], a.in[0], at::IntArrayRef{1}); }},
  };
}

std::vector<TorchKernel> scan_kernels() {
  return {
      {"scan_inclusive", 1, 1, "torch.cumsum (f32 accumulation)",
       [](TorchArgs& a) { cumsum_f32(a.out[0], a.in[0], 0); }},
      // out[0] = 0, out[1:] = cumsum(x[:-1]): torch has no exclusive cumsum.
      {"scan_exclusive", 1, 1, "torch.cumsum(x[:-1]) into out[1:], out[0] = 0",
       [](TorchArgs& a) {
         int64_t n = a.in[0].size(0);
         if (n == 0) return;
         a.out[0].narrow(0, 0, 1).zero_();
         at::Tensor tail = a.out[0].narrow(0, 1, n - 1);
         cumsum_f32(tail, a.in[0].narrow(0, 0, n - 1), 0);
       }},
      {"scan_rows", 1, 1, "torch.cumsum(dim=-1) (f32 accumulation)",
       [](TorchArgs& a) { cumsum_f32(a.out[0], a.in[0], 1); }},
  };
}

// torch.sort's int64 indices go to a scratch tensor made once.
std::vector<TorchKernel> sort_kernels() {
  TorchSetup indices = [](const TorchArgs& a) -> std::vector<at::Tensor> {
    return {at::empty({a.in[0].numel()}, a.in[0].options().dtype(at::kLong))};
  };
  return {
      {"sort", 1, 1, "torch.sort",
       [](TorchArgs& a) { at::sort_out(a.out[0], a.prepared[0], a.in[0], 0, false); }, indices},
      {"sort_pairs", 2, 2, "torch.sort(stable=True) + torch.index_select",
       [](TorchArgs& a) {
         at::sort_out(a.out[0], a.prepared[0], a.in[0], std::optional<bool>(true), 0, false);
         at::index_select_out(a.out[1], a.in[1], 0, a.prepared[0]);
       },
       indices},
  };
}

std::vector<TorchKernel> matmul_kernels() {
  return {
      {"gemv", 2, 1, "torch.mv", [](TorchArgs& a) { at::mv_out(a.out[0], a.in[0], a.in[1]); }},
      {"gemv_t", 2, 1, "torch.mv(A.t(), x)",
       [](TorchArgs& a) { at::mv_out(a.out[0], a.in[0].t(), a.in[1]); }},
      {"ceiling_gemm", 2, 1, "torch.mm",
       [](TorchArgs& a) { at::mm_out(a.out[0], a.in[0], a.in[1]); }},
  };
}

}  // namespace

std::vector<TorchKernel> torch_reduce_kernels() {
  std::vector<TorchKernel> kernels;
  for (auto& family : {all_element_kernels(), axis_kernels("_rows", 1), axis_kernels("_cols", 0),
                       row_kernels(), scan_kernels(), sort_kernels(), matmul_kernels()}) {
    for (const TorchKernel& k : family) kernels.push_back(k);
  }
  return kernels;
}

}  // namespace kiln::baselines
