import { describe, expect, it } from 'vitest';
import { PAYMENT_CHANNEL } from './cart.ts';
import { PAYMENT_FORMS, putPaymentMethodBody } from './paymentmethods.ts';

const method = (form: number, channel: number) =>
  putPaymentMethodBody.safeParse({
    Nombre: 'Tarjeta',
    Forma_Pago_Cod: form,
    Canal_Pago_Cod: channel,
    NOSYNC_PaymentmethodCalcType: 0,
  });

describe('the payment channel (one constant for checkout and payment methods)', () => {
  it('is 0 for cash and 2 for the card payment page', () => {
    expect(PAYMENT_CHANNEL).toEqual({ cash: 0, card: 2 });
  });

  it('is what a payment method may name: a card pays through the card channel, cash through cash', () => {
    expect(method(PAYMENT_FORMS.card, PAYMENT_CHANNEL.card).success).toBe(true);
    expect(method(PAYMENT_FORMS.cash, PAYMENT_CHANNEL.cash).success).toBe(true);
    expect(method(PAYMENT_FORMS.card, PAYMENT_CHANNEL.cash).error?.issues[0]?.message).toBe(
      'MSG_RulesPaymentChannelMismatch',
    );
    expect(method(PAYMENT_FORMS.cash, 1).error?.issues[0]?.message).toBe('MSG_RulesPaymentChannelInvalid');
  });
});
