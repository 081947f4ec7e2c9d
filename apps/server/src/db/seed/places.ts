/** Real Spanish cities with their coordinates, for stores and client addresses. */
export const CITIES = [
  { city: 'Madrid', province: 'Madrid', zip: '28', lat: 40.416775, lng: -3.70379 },
  { city: 'Barcelona', province: 'Barcelona', zip: '08', lat: 41.385064, lng: 2.173404 },
  { city: 'Valencia', province: 'Valencia', zip: '46', lat: 39.469907, lng: -0.376288 },
  { city: 'Sevilla', province: 'Sevilla', zip: '41', lat: 37.389092, lng: -5.984459 },
  { city: 'Zaragoza', province: 'Zaragoza', zip: '50', lat: 41.648823, lng: -0.889085 },
  { city: 'Bilbao', province: 'Bizkaia', zip: '48', lat: 43.263013, lng: -2.934985 },
  { city: 'Málaga', province: 'Málaga', zip: '29', lat: 36.721274, lng: -4.421399 },
  { city: 'Valladolid', province: 'Valladolid', zip: '47', lat: 41.652251, lng: -4.724532 },
  { city: 'A Coruña', province: 'A Coruña', zip: '15', lat: 43.362344, lng: -8.41154 },
  { city: 'Murcia', province: 'Murcia', zip: '30', lat: 37.992241, lng: -1.130654 },
  { city: 'Alicante', province: 'Alicante', zip: '03', lat: 38.345996, lng: -0.490686 },
  { city: 'Pamplona', province: 'Navarra', zip: '31', lat: 42.812526, lng: -1.645775 },
  { city: 'Oviedo', province: 'Asturias', zip: '33', lat: 43.361915, lng: -5.849389 },
  { city: 'Granada', province: 'Granada', zip: '18', lat: 37.177336, lng: -3.598557 },
  { city: 'Logroño', province: 'La Rioja', zip: '26', lat: 42.462718, lng: -2.44498 },
  { city: 'Santander', province: 'Cantabria', zip: '39', lat: 43.462306, lng: -3.80998 },
] as const;

export const STREETS = [
  'Calle Mayor', 'Avenida de la Constitución', 'Calle del Polígono Industrial', 'Calle de la Industria',
  'Avenida de Andalucía', 'Calle Gran Vía', 'Calle del Comercio', 'Camino Real', 'Calle de los Talleres',
  'Avenida del Automóvil', 'Calle de la Forja', 'Calle San Isidro', 'Ronda Norte', 'Calle de la Estación',
] as const;

export const BUSINESS_KINDS = [
  'Talleres', 'Autos', 'Garaje', 'Lunas', 'Cristalería', 'Electromecánica', 'Neumáticos', 'Chapa y Pintura',
  'Mecánica', 'Auto Servicio',
] as const;

export const BUSINESS_NAMES = [
  'Hermanos García', 'El Puente', 'Ruiz', 'San Cristóbal', 'La Rotonda', 'Martínez e Hijos', 'Norte', 'Del Sur',
  'Europa', 'Castilla', 'Levante', 'Pirineo', 'Sánchez', 'Ibérica', 'La Vega', 'Costa', 'Fernández', 'Moncayo',
  'Miramar', 'Sierra', 'Alameda', 'El Cruce', 'López', 'Torres', 'Navarro', 'Delgado', 'Serrano', 'Molina',
] as const;

export const LEGAL_FORMS = ['S.L.', 'S.A.', 'S.L.U.', 'S.C.', 'C.B.'] as const;
