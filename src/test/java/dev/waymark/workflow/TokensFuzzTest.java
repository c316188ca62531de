package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.waymark.testing.Fuzzing;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the token resolver with any workflow text and any value: the names it finds are valid names written as
 * tokens in the text, no values leaves the text as it was, a token written back in its own form finds the same
 * names, and a value comes out exactly as given (a {@code $} or {@code \} in it is no group reference). Within the
 * budget of one input.
 */
class TokensFuzzTest {
  private static final Fuzzing.Target TARGET = Fuzzing.target(TokensFuzzTest.class, "tokensAreValidNamesAndSubstituteExactly");

  @FuzzTest(maxDuration = "60s")
  void tokensAreValidNamesAndSubstituteExactly(byte[] data) throws Exception {
    String text = Fuzzing.text(data);
    TARGET.run(() -> {
      Set<String> names = Tokens.names(text);
      assertThat(names).allSatisfy(n -> {
        assertThat(Tokens.isName(n)).isTrue();
        assertThat(text).contains(n);
      });
      assertThat(Tokens.substitute(text, Map.of())).isEqualTo(text);
      Map<String, String> own = new LinkedHashMap<>();
      for (String n : names) own.put(n, Tokens.token(n));
      String normalized = Tokens.substitute(text, own);
      assertThat(Tokens.names(normalized)).containsExactlyElementsOf(names);
      assertThat(Tokens.substitute(normalized, own)).isEqualTo(normalized);
      assertThat(Tokens.substitute("{{ v }}", Map.of("v", text))).isEqualTo(text);
      if (Tokens.isName(text)) assertThat(Tokens.names(Tokens.token(text))).containsExactly(text);
    });
  }

  @AfterAll
  static void figures() {
    TARGET.report();
  }
}
