package dev.waymark.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.waymark.testing.Fuzzing;
import org.junit.jupiter.api.AfterAll;

/**
 * Fuzzes the wire decoder with any text frame a page or a broken extension could send: the frame is a message of
 * the closed set, which encodes and decodes back to itself, or a {@link WireCodec.WireException} whose message
 * never quotes the frame (it may hold a value), within the budget of one input.
 */
class WireCodecFuzzTest {
  private static final Fuzzing.Target TARGET = Fuzzing.target(WireCodecFuzzTest.class, "aFrameIsAMessageOfTheClosedSetOrAWireException");
  private static final WireCodec CODEC = new WireCodec(BridgeConfig.DEFAULT_MAX_MESSAGE_BYTES);

  @FuzzTest(maxDuration = "60s")
  void aFrameIsAMessageOfTheClosedSetOrAWireException(byte[] data) throws Exception {
    String frame = Fuzzing.text(data);
    TARGET.run(() -> {
      try {
        WireCodec.Decoded message = CODEC.decode(frame);
        assertThat(message.body().get("type").asText()).isEqualTo(message.type().wire());
        message.id();
        WireCodec.Decoded again = CODEC.decode(CODEC.encode(message.body()));
        assertThat(again.type()).isEqualTo(message.type());
        assertThat(again.body()).isEqualTo(message.body());
      } catch (WireCodec.WireException e) {
        assertThat(e.getMessage()).isNotBlank();
        if (frame.length() > 40) assertThat(e.getMessage()).doesNotContain(frame);
      }
    });
  }

  @AfterAll
  static void figures() {
    TARGET.report();
  }
}
