// run_process and run_command: large input and output both ways without deadlock, a program that ignores
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

TEST(Subprocess, ProgramWithArgumentsRunsWithoutAShell) {
  // An argument with a quote and a space reaches the program as it is: no shell parses it.
  auto r = run_process({"/bin/echo", "it's", "a b"}, "", 30);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->exit_status, 0);
  EXPECT_EQ(r->out, "it's a b\n");
}

TEST(Subprocess, ProgramThatCannotStartIsAnError) {
  auto r = run_process({"/nonexistent/kiln-worker"}, "input", 30);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("cannot start /nonexistent/kiln-worker"), std::string::npos)
      << r.error().message();
  EXPECT_FALSE(run_process({}, "", 30).ok());
}

TEST(Subprocess, TimeLimitKillsTheProgramsGroup) {
  // The shell's child (sleep) is in the group too: the call returns at the limit, not in 30 s.
  auto r = run_process({"/bin/sh", "-c", "sleep 30; echo late"}, "", 0.3);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->timed_out);
  EXPECT_EQ(r->out, "");
}

}  // namespace
}  // namespace kiln
