# Sourced by the bundle scripts: copies the shared libraries a binary needs that a bare machine
# lacks (everything but the C library and the CUDA libraries the GPU machine has) into a folder.
# bundle_libs BINARY DEST
bundle_libs() {
  ldd "$1" | awk '/=> \// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so*|libm.so*|libdl.so*|libpthread.so*|librt.so*|ld-linux*) ;;
      libcuda.so*|libcublas*|libcudart*|libcudnn*|libnvrtc*|libnvJitLink*) ;;  # the device's own
      *) cp -Lu "$lib" "$2/" ;;
    esac
  done
}

# ignore_locally PATH...: adds each to .git/info/exclude once (bundles are never committed).
ignore_locally() {
  for ignored in "$@"; do
    grep -qx "$ignored" .git/info/exclude 2>/dev/null || echo "$ignored" >>.git/info/exclude
  done
}
