import { describe, expect, it } from 'vitest';
import { describeTwiml } from './twiml';

describe('describeTwiml', () => {
  it('says what a call does, in order, with numbers formatted and no addresses', () => {
    expect(
      describeTwiml(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Hello, this is Rosa from Mesa Mazda &amp; Sons.</Say>' +
          '<Dial callerId="+15052650100" action="https://example.com/api/telephony/dial?step=1">+15055552000</Dial></Response>',
      ),
    ).toBe('Says "Hello, this is Rosa from Mesa Mazda & Sons." · Dials (505) 555-2000');
    expect(
      describeTwiml(
        '<Response><Dial timeout="20"><Number>+15055550101</Number><Number>+15055550102</Number></Dial>' +
          '<Redirect>https://example.com/api/telephony/voice?step=2</Redirect></Response>',
      ),
    ).toBe('Dials (505) 555-0101, (505) 555-0102 · Asks what to do next');
    expect(
      describeTwiml('<Response><Say>Closed.</Say><Record maxLength="120" action="https://x/y"/><Hangup/></Response>'),
    ).toBe('Says "Closed." · Records a message · Hangs up');
    expect(describeTwiml('<?xml version="1.0" encoding="UTF-8"?><Response/>')).toBe('Does nothing');
  });
});
