// HTML escaping and the report's number formats.
#include "report/html_text.h"

#include <gtest/gtest.h>

namespace kiln::report {
namespace {

TEST(EscapeHtml, EveryMarkupCharacter) {
  EXPECT_EQ(escape_html("<a href=\"x\" title='y'>&amp;</a>"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
}

TEST(EscapeHtml, PlainTextUnchanged) {
  EXPECT_EQ(escape_html("softmax bf16 4096x4096 \u00d7"), "softmax bf16 4096x4096 \u00d7");
  EXPECT_EQ(escape_html(""), "");
}

TEST(NumberText, Formats) {
  EXPECT_EQ(ms_text(0.06251), "0.0625");
  EXPECT_EQ(percent_text(0.9163), "91.6%");
  EXPECT_EQ(speedup_text(1.6667), "1.67\u00d7");
}

}  // namespace
}  // namespace kiln::report
