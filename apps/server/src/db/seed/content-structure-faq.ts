/** The demo FAQ (issue 15): per language, the public pack's and the private pack's questions and answers. */
import type { LanguageKey } from '@portal/contract/constants';

type QA = readonly [question: string, answer: string];
type Packs = { publicName: string; privateName: string; normalName: string; public: QA[]; private: QA[] };

export const FAQ_SEED: Record<LanguageKey, Packs> = {
  es: {
    publicName: 'Preguntas generales',
    privateName: 'Preguntas de clientes',
    normalName: 'Devoluciones y garantías',
    public: [
      [
        '¿Quién puede comprar en el portal?',
        '<p>Talleres, recambistas y flotas con cuenta de cliente profesional.</p>',
      ],
      [
        '¿Cómo solicito una cuenta?',
        '<p>Pulse <strong>Registrarse</strong> en la página de acceso y rellene los datos de su empresa.</p>',
      ],
      [
        '¿Cuánto tarda la activación?',
        '<p>Revisamos las solicitudes en un día laborable y le avisamos por correo.</p>',
      ],
      [
        '¿Olvidé mi contraseña, qué hago?',
        '<p>Use <em>¿Olvidó su contraseña?</em> en la página de acceso; recibirá un enlace.</p>',
      ],
      ['¿Dónde están sus tiendas?', '<p>Consulte el <a href="/maps">mapa de tiendas</a> con horarios y teléfonos.</p>'],
      [
        '¿Qué horario tiene la atención al cliente?',
        '<p>De lunes a viernes de 8:00 a 19:00 y sábados de 9:00 a 13:00.</p>',
      ],
      ['¿Venden a particulares?', '<p>No, el portal es solo para profesionales del automóvil.</p>'],
      ['¿En qué idiomas está el portal?', '<p>Español, inglés, francés y portugués.</p>'],
      ['¿Es segura la conexión?', '<p>Sí, todo el tráfico va cifrado y las contraseñas se guardan con argon2id.</p>'],
      [
        '¿Cómo contacto con ustedes?',
        '<p>Escriba a <a href="mailto:clientes@example.com">clientes@example.com</a> o llame a su tienda.</p>',
      ],
    ],
    private: [
      [
        '¿Cómo busco una pieza por matrícula?',
        '<p>En el catálogo elija <strong>Matrícula</strong> y escriba la matrícula completa.</p>',
      ],
      ['¿Cómo busco por código OEM?', '<p>Escriba el código OEM con o sin espacios; el buscador lo normaliza.</p>'],
      [
        '¿Por qué veo stock en varias tiendas?',
        '<p>Mostramos el stock de cada tienda para que elija la más cercana.</p>',
      ],
      ['¿Puedo pagar con tarjeta?', '<p>Sí, en el último paso del pedido elija <strong>Tarjeta</strong>.</p>'],
      ['¿Cómo descargo una factura?', '<p>En <em>Facturas</em> abra la factura y pulse PDF o Excel.</p>'],
      ['¿Cómo pido una devolución?', '<p>Desde el albarán, elija la línea, el motivo y la cantidad.</p>'],
      ['¿Cuándo llega mi pedido?', '<p>Los pedidos antes de las 13:00 salen el mismo día desde su tienda.</p>'],
      [
        '¿Puedo añadir una referencia de cliente?',
        '<p>Sí, en el pedido escriba su referencia (letras, números y guiones).</p>',
      ],
      ['¿Cómo cambio mi dirección de entrega?', '<p>En su perfil elija la dirección predeterminada.</p>'],
      [
        '¿Qué significa el stock en otra tienda?',
        '<p>La pieza está disponible en otra tienda y se envía a la suya.</p>',
      ],
      [
        '¿Cómo veo mis pedidos anteriores?',
        '<p>En <em>Pedidos</em> tiene el historial con filtros por fecha y estado.</p>',
      ],
    ],
  },
  en: {
    publicName: 'General questions',
    privateName: 'Customer questions',
    normalName: 'Returns and warranties',
    public: [
      ['Who can buy on the portal?', '<p>Garages, parts dealers and fleets with a trade customer account.</p>'],
      [
        'How do I apply for an account?',
        '<p>Press <strong>Register</strong> on the sign-in page and fill in your company details.</p>',
      ],
      [
        'How long does activation take?',
        '<p>We review applications within one working day and let you know by e-mail.</p>',
      ],
      [
        'I forgot my password, what do I do?',
        '<p>Use <em>Forgot your password?</em> on the sign-in page; you will receive a link.</p>',
      ],
      ['Where are your stores?', '<p>See the <a href="/maps">store map</a> with opening hours and phone numbers.</p>'],
      ['When is customer service open?', '<p>Monday to Friday 8:00 to 19:00 and Saturdays 9:00 to 13:00.</p>'],
      ['Do you sell to private individuals?', '<p>No, the portal is for motor trade professionals only.</p>'],
      ['Which languages does the portal speak?', '<p>Spanish, English, French and Portuguese.</p>'],
      ['Is the connection secure?', '<p>Yes, all traffic is encrypted and passwords are stored with argon2id.</p>'],
      [
        'How do I contact you?',
        '<p>Write to <a href="mailto:clientes@example.com">clientes@example.com</a> or call your store.</p>',
      ],
    ],
    private: [
      [
        'How do I search a part by licence plate?',
        '<p>In the catalogue choose <strong>Plate</strong> and type the whole plate.</p>',
      ],
      ['How do I search by OEM code?', '<p>Type the OEM code with or without spaces; the search normalises it.</p>'],
      ['Why do I see stock in several stores?', '<p>We show each store’s stock so you can choose the nearest one.</p>'],
      ['Can I pay by card?', '<p>Yes, in the last step of the order choose <strong>Card</strong>.</p>'],
      ['How do I download an invoice?', '<p>In <em>Invoices</em> open the invoice and press PDF or Excel.</p>'],
      ['How do I ask for a return?', '<p>From the packing slip choose the line, the reason and the quantity.</p>'],
      ['When will my order arrive?', '<p>Orders placed before 13:00 leave your store the same day.</p>'],
      [
        'Can I add my own order reference?',
        '<p>Yes, type your reference in the order (letters, digits and hyphens).</p>',
      ],
      ['How do I change my delivery address?', '<p>Choose the default address in your profile.</p>'],
      ['What does stock in another store mean?', '<p>The part is available in another store and is sent to yours.</p>'],
      ['Where do I see my past orders?', '<p><em>Orders</em> holds your history with date and status filters.</p>'],
    ],
  },
  fr: {
    publicName: 'Questions générales',
    privateName: 'Questions des clients',
    normalName: 'Retours et garanties',
    public: [
      [
        'Qui peut acheter sur le portail ?',
        '<p>Les garages, distributeurs de pièces et flottes ayant un compte professionnel.</p>',
      ],
      [
        'Comment demander un compte ?',
        '<p>Cliquez sur <strong>S’inscrire</strong> sur la page de connexion et saisissez les données de votre société.</p>',
      ],
      [
        'Combien de temps prend l’activation ?',
        '<p>Nous examinons les demandes en un jour ouvré et vous prévenons par e-mail.</p>',
      ],
      [
        'J’ai oublié mon mot de passe, que faire ?',
        '<p>Utilisez <em>Mot de passe oublié ?</em> sur la page de connexion ; vous recevrez un lien.</p>',
      ],
      [
        'Où sont vos magasins ?',
        '<p>Consultez la <a href="/maps">carte des magasins</a> avec horaires et téléphones.</p>',
      ],
      [
        'Quels sont les horaires du service client ?',
        '<p>Du lundi au vendredi de 8 h à 19 h et le samedi de 9 h à 13 h.</p>',
      ],
      ['Vendez-vous aux particuliers ?', '<p>Non, le portail est réservé aux professionnels de l’automobile.</p>'],
      ['En quelles langues est le portail ?', '<p>Espagnol, anglais, français et portugais.</p>'],
      [
        'La connexion est-elle sécurisée ?',
        '<p>Oui, tout le trafic est chiffré et les mots de passe sont stockés avec argon2id.</p>',
      ],
      [
        'Comment vous contacter ?',
        '<p>Écrivez à <a href="mailto:clientes@example.com">clientes@example.com</a> ou appelez votre magasin.</p>',
      ],
    ],
    private: [
      [
        'Comment chercher une pièce par immatriculation ?',
        '<p>Dans le catalogue choisissez <strong>Immatriculation</strong> et saisissez-la en entier.</p>',
      ],
      [
        'Comment chercher par code OEM ?',
        '<p>Saisissez le code OEM avec ou sans espaces ; la recherche le normalise.</p>',
      ],
      [
        'Pourquoi vois-je le stock de plusieurs magasins ?',
        '<p>Nous montrons le stock de chaque magasin pour choisir le plus proche.</p>',
      ],
      [
        'Puis-je payer par carte ?',
        '<p>Oui, à la dernière étape de la commande choisissez <strong>Carte</strong>.</p>',
      ],
      [
        'Comment télécharger une facture ?',
        '<p>Dans <em>Factures</em> ouvrez la facture et cliquez sur PDF ou Excel.</p>',
      ],
      [
        'Comment demander un retour ?',
        '<p>Depuis le bon de livraison choisissez la ligne, le motif et la quantité.</p>',
      ],
      ['Quand arrive ma commande ?', '<p>Les commandes passées avant 13 h partent le jour même de votre magasin.</p>'],
      [
        'Puis-je ajouter ma propre référence ?',
        '<p>Oui, saisissez votre référence dans la commande (lettres, chiffres et tirets).</p>',
      ],
      ['Comment changer mon adresse de livraison ?', '<p>Choisissez l’adresse par défaut dans votre profil.</p>'],
      [
        'Que signifie « stock dans un autre magasin » ?',
        '<p>La pièce est disponible dans un autre magasin et envoyée au vôtre.</p>',
      ],
      [
        'Où voir mes commandes passées ?',
        '<p><em>Commandes</em> contient l’historique avec filtres par date et état.</p>',
      ],
    ],
  },
  pt: {
    publicName: 'Perguntas gerais',
    privateName: 'Perguntas de clientes',
    normalName: 'Devoluções e garantias',
    public: [
      [
        'Quem pode comprar no portal?',
        '<p>Oficinas, retalhistas de peças e frotas com conta de cliente profissional.</p>',
      ],
      [
        'Como peço uma conta?',
        '<p>Carregue em <strong>Registar</strong> na página de entrada e preencha os dados da empresa.</p>',
      ],
      ['Quanto tempo demora a ativação?', '<p>Analisamos os pedidos num dia útil e avisamos por e-mail.</p>'],
      [
        'Esqueci a palavra-passe, o que faço?',
        '<p>Use <em>Esqueceu a palavra-passe?</em> na página de entrada; receberá uma ligação.</p>',
      ],
      ['Onde ficam as vossas lojas?', '<p>Consulte o <a href="/maps">mapa de lojas</a> com horários e telefones.</p>'],
      [
        'Qual é o horário do apoio ao cliente?',
        '<p>De segunda a sexta das 8:00 às 19:00 e sábados das 9:00 às 13:00.</p>',
      ],
      ['Vendem a particulares?', '<p>Não, o portal é só para profissionais do automóvel.</p>'],
      ['Em que línguas está o portal?', '<p>Espanhol, inglês, francês e português.</p>'],
      ['A ligação é segura?', '<p>Sim, todo o tráfego é cifrado e as palavras-passe são guardadas com argon2id.</p>'],
      [
        'Como vos contacto?',
        '<p>Escreva para <a href="mailto:clientes@example.com">clientes@example.com</a> ou ligue para a sua loja.</p>',
      ],
    ],
    private: [
      [
        'Como procuro uma peça pela matrícula?',
        '<p>No catálogo escolha <strong>Matrícula</strong> e escreva a matrícula completa.</p>',
      ],
      ['Como procuro por código OEM?', '<p>Escreva o código OEM com ou sem espaços; a pesquisa normaliza-o.</p>'],
      ['Porque vejo stock em várias lojas?', '<p>Mostramos o stock de cada loja para escolher a mais próxima.</p>'],
      ['Posso pagar com cartão?', '<p>Sim, no último passo da encomenda escolha <strong>Cartão</strong>.</p>'],
      ['Como descarrego uma fatura?', '<p>Em <em>Faturas</em> abra a fatura e carregue em PDF ou Excel.</p>'],
      ['Como peço uma devolução?', '<p>A partir da guia de remessa escolha a linha, o motivo e a quantidade.</p>'],
      ['Quando chega a minha encomenda?', '<p>As encomendas feitas antes das 13:00 saem no mesmo dia da sua loja.</p>'],
      [
        'Posso juntar a minha referência?',
        '<p>Sim, escreva a sua referência na encomenda (letras, números e hífenes).</p>',
      ],
      ['Como mudo a morada de entrega?', '<p>Escolha a morada predefinida no seu perfil.</p>'],
      ['O que significa stock noutra loja?', '<p>A peça está disponível noutra loja e é enviada para a sua.</p>'],
      [
        'Onde vejo as encomendas anteriores?',
        '<p>Em <em>Encomendas</em> tem o histórico com filtros por data e estado.</p>',
      ],
    ],
  },
};
