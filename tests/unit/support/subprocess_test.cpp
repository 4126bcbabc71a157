// run_command: large input and output both ways without deadlock, a program that ignores
// its input, a time limit that kills, and exit statuses.
#include "support/subprocess.h"

#include <gtest/gtest.h>

#include <csignal>
#include <string>

namespace kiln {
namespace {

TEST(Subprocess, LargeInputAndOutputDoNotDeadlock) {
  std::string big(4 << 20, 'a');  // far more than a pipe holds, both ways
  auto r = run_command("cat", big, 60);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->exit_status, 0);
  EXPECT_EQ(r->out.size(), big.size());
}

TEST(Subprocess, ProgramThatIgnoresItsInput) {
  auto r = run_command("echo hi", std::string(1 << 20, 'a'), 30);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->out, "hi\n");
  EXPECT_FALSE(r->timed_out);
}

TEST(Subprocess, ExitStatusAndStandardError) {
  auto r = run_command("echo oops >&2; exit 3", "", 30);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->exit_status, 3);
  EXPECT_EQ(r->err, "oops\n");
  EXPECT_EQ(r->signal, 0);
}

TEST(Subprocess, PastTheTimeLimitItIsKilled) {
  auto r = run_command("sleep 30", "", 0.3);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->timed_out);
  EXPECT_EQ(r->signal, SIGKILL);
}

}  // namespace
}  // namespace kiln
